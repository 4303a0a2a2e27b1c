import type zh from "../zh/errors.ts";

export default {
  notFoundTitle: "404",
  notFound: "Sorry, the page you visited does not exist",
  serverErrorTitle: "500",
  serverError: "Sorry, the server has an error",
  forbiddenTitle: "403",
  forbidden: "Sorry, you are not allowed to see this page",
  methodNotAllowedTitle: "405",
  methodNotAllowed: "Sorry, this address cannot be opened like this: use the buttons on the page",
  backHome: "Back to home",
  network: "Network communication abnormal",
  timeout: "The backend took too long to answer, please try again later",
  unreachable: "The backend cannot be reached, please try again later",
  badResponse: "The backend answered with data the portal cannot read",
  tryAgain: "Try again",
  partUnavailable: "This part of the page could not be loaded.",
  reload: "Reload the page to try again",
  badRequest: "The request could not be read, please go back and try again",
  tooLarge: "The request is too large and was not accepted",
  tooManyFields: "The form has too many fields and was not accepted",
  tooManyAttempts: "Too many attempts, please try again in {{minutes}} min",
  limitsUnavailable:
    "Signing in and registering are paused for a moment: the portal cannot check its attempt limits right now. Please try again shortly",
  sessionTimedOut: "Your session has timed out, please log in again",
} satisfies Record<keyof typeof zh, string>;
