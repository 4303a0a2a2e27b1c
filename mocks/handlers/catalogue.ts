/** Brands and the category tree (leaves carry their brands). */
import { type CategoryNode, cbaEndpoints as ep } from "../../app/contract/cba.ts";
import { type CategoryRow, db } from "../db.ts";
import { route } from "../route.ts";

function brandsOf(codes: readonly string[]) {
  return codes.flatMap((code) => {
    const brand = db.brands.get(code);
    return brand ? [{ brandCode: brand.brandCode, name: brand.name }] : [];
  });
}

export const catalogueHandlers = [
  ...route(ep.brands, () =>
    [...db.brands.values()].map((row) => ({ brandCode: row.brandCode, name: row.name })),
  ),

  ...route(ep.categories, () => {
    const children = new Map<string | null, CategoryRow[]>();
    for (const row of db.categories.values()) {
      const siblings = children.get(row.parentCode) ?? [];
      siblings.push(row);
      children.set(row.parentCode, siblings);
    }
    const build = (parent: string | null): CategoryNode[] =>
      (children.get(parent) ?? []).map((row) => {
        const kids = children.get(row.itemCatCode);
        return kids
          ? { itemCatCode: row.itemCatCode, name: row.name, children: build(row.itemCatCode) }
          : { itemCatCode: row.itemCatCode, name: row.name, brand: brandsOf(row.brandCodes) };
      });
    return build(null);
  }),
];
