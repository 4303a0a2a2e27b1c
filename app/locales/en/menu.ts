import type zh from "../zh/menu.ts";

export default {
  workbench: "Workbench",
  server: "Service management",
  inventorySystem: "Inventory",
  inventory: "Stock in/out",
  inventoryDetail: "Stock in/out details",
  arrivalReport: "Arrival report",
  qualificat: "Qualification",
  setting: "Settings",
  settingCenter: "Password settings",
  settingAccount: "Sign-in settings",
  explain: "Usage instructions",
  subAccount: "Sub-accounts",
  pallets: "Pallets",
  orders: "Orders",
  groupOperations: "Operations",
  groupAccount: "Account",
} satisfies Record<keyof typeof zh, string>;
