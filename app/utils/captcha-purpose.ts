/** The forms that show an image verification code; each has its own code in flight. */
export type CaptchaPurpose = "login" | "register" | "forgot";
