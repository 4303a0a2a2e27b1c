/**
 * The demo's published accounts: every account the demo seeds, all with the
 * password anyone can read on the login page and in the README. Anyone may
 * use them, so nobody may take one over: the fake backend refuses to reset
 * or change their passwords, and the pages say so. Their data stays theirs
 * to change (and a restart seeds it afresh).
 */
export const PUBLISHED_DEMO_ACCOUNTS: readonly string[] = [
  "admin@demo.test",
  "manager@demo.test",
  "ops@demo.test",
  "intern@demo.test",
  "nansha.trade@demo.test",
  "qingdao.port@demo.test",
  "dock@qingdao.demo.test",
  "guest@demo.test",
  "hangzhou.trade@demo.test",
  "ningbo.supply@demo.test",
  "xiamen.goods@demo.test",
];

/**
 * The accounts the login page and the README name, one per kind of user,
 * with what each is (`auth.demoAccount*`): the platform, three companies
 * and a guest who has not applied yet.
 */
export const SIGN_IN_DEMO_ACCOUNTS = [
  { username: "admin@demo.test", about: "demoAccountPlatform" },
  { username: "manager@demo.test", about: "demoAccountShenzhen" },
  { username: "nansha.trade@demo.test", about: "demoAccountNansha" },
  { username: "qingdao.port@demo.test", about: "demoAccountQingdao" },
  { username: "guest@demo.test", about: "demoAccountGuest" },
] as const;

const published = new Set(PUBLISHED_DEMO_ACCOUNTS);

export function isPublishedDemoAccount(username: string): boolean {
  return published.has(username.trim().toLowerCase());
}
