/**
 * The texts only signed-in pages show (orders, services, pallets, stock,
 * the paged table, saved views): a translation chunk of its own that the
 * signed-in layout loads (../signed-in-texts.ts), so the login page does not carry them.
 */
import inventoryDates from "./inventory-dates.ts";
import logistics from "./logistics.ts";
import table from "./table.ts";
import views from "./views.ts";

// The inventory area's date range texts (./inventory-dates.ts): the area
// adds the rest of its group where it is registered.
export default { logistics, table, views, inventory: inventoryDates };
