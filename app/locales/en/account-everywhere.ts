import type zh from "../zh/account-everywhere.ts";

/** The same keys as Chinese, all the way down. */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** The account texts every page may show (the bell, the login page's demo mailbox link): in the language's chunk; the rest of `account.ts` is an area. */
export default {
  notifications: {
    title: "All notifications",
    viewAll: "See all notifications",
    allRead: "All notifications are read",
  },
  mailbox: {
    title: "Demo mailbox",
    intro:
      "In demo mode no e-mail is delivered. This page shows only the mails this browser caused, and those to the accounts this browser registered or signed in as.",
    to: "Recipient",
    toPlaceholder: "Filter by recipient; empty shows every mail this browser may see",
    search: "Show mail",
    empty: "No mail",
    columns: {
      to: "To",
    },
    backToLogin: "Back to sign in",
    hint: "Demo mode sends no real e-mail: codes and other mail wait in the demo mailbox.",
    open: "Open the demo mailbox",
  },
} satisfies Shape<typeof zh>;
