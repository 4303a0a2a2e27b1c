/**
 * The texts only signed-in pages show (orders, services, pallets, stock,
 * the paged table, saved views): a translation chunk of its own that the
 * signed-in layout loads (../signed-in-texts.ts), so the login page does not carry them.
 */
import logistics from "./logistics.ts";
import table from "./table.ts";
import views from "./views.ts";

export default { logistics, table, views };
