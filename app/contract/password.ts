/**
 * Password rules shared by the portal (form validation) and the fake backend
 * (the authority): at least 8 characters, not all digits, not a common
 * password, not the account's e-mail address.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

/** A small list of passwords that every guessing tool tries first (compared case-insensitively). */
export const COMMON_PASSWORDS: readonly string[] = [
  "password",
  "password1",
  "password123",
  "passw0rd",
  "p@ssw0rd",
  "p@ssword",
  "qwerty123",
  "qwertyuiop",
  "qwerty12",
  "1q2w3e4r",
  "1qaz2wsx",
  "zaq12wsx",
  "abc12345",
  "abcd1234",
  "abc123456",
  "a1234567",
  "a12345678",
  "aa123456",
  "asdf1234",
  "asdfghjkl",
  "iloveyou",
  "iloveyou1",
  "admin123",
  "admin1234",
  "administrator",
  "welcome1",
  "welcome123",
  "letmein1",
  "sunshine",
  "football",
  "baseball",
  "superman",
  "trustno1",
  "woaini1314",
  "woaini520",
  "test1234",
  "changeme",
  "12345678a",
  "123456abc",
  "123qweasd",
  "qweasdzxc",
];

export type PasswordProblem = "tooShort" | "tooLong" | "allDigits" | "common" | "sameAsEmail";

/** The first rule the password breaks, or null when it is acceptable. */
export function passwordProblem(password: string, email?: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return "tooShort";
  if (password.length > PASSWORD_MAX_LENGTH) return "tooLong";
  if (/^\d+$/.test(password)) return "allDigits";
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.includes(lower)) return "common";
  if (email) {
    const mail = email.trim().toLowerCase();
    const local = mail.split("@")[0] ?? "";
    if (lower === mail || (local.length >= 4 && lower === local)) return "sameAsEmail";
  }
  return null;
}
