/**
 * The sub-account page's own query parameter, shared by its loader and its
 * links: `delete=<id>` asks to confirm the deletion of a listed sub-account
 * (without JavaScript the confirmation is a page of its own, which a reload
 * or Back shows again without posting).
 */
export const DELETE_PARAM = "delete";
