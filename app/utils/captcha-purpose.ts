/** The forms that show an image verification code; each has its own code in flight. */
export type CaptchaPurpose = "login" | "register" | "forgot";

/** The image code's picture, drawn and shown at this size (px). */
export const CAPTCHA_SIZE = { width: 168, height: 56 } as const;
