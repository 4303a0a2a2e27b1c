/**
 * Deterministic seed: the same data on every run for the same sizes (seeded
 * PRNG, base date 2026-11-01 00:00 China time). Sizes come from the options
 * or the env knobs SEED_SERVICES (20), SEED_PALLETS (200), SEED_ORDERS (5000).
 */

import { PRODUCT_NAME } from "../app/config/product.ts";
import { seedSizesSchema } from "../app/config/seed-sizes.ts";
import { OrderStatus, type OrderStatusCode } from "../app/contract/cba.ts";
import { MANAGER_ROLE, PLATFORM_ROLE, type Role } from "../app/contract/roles.ts";
import { usccCheckCharacter } from "../app/contract/uscc.ts";
import { chinaDay, chinaTime } from "./clock.ts";
import {
  type CompanyRow,
  clearDb,
  db,
  finishOrderIndexes,
  indexOrder,
  nextSeq,
  type OrderEventRow,
  type OrderRow,
  type UserRow,
} from "./db.ts";
import { createRandom, type Random } from "./random.ts";
import { seedPasswordHash } from "./security.ts";
import {
  BRANDS,
  CARRIERS,
  CATEGORIES,
  type CategorySeed,
  COMMUNITIES,
  DETENTION_REASONS,
  GIVEN_NAMES,
  GOODS,
  MOBILE_PREFIXES,
  REGIONS,
  REMARKS,
  STREETS,
  SURNAMES,
  WAREHOUSES,
} from "./seed-data.ts";
import { SEED_IMAGES_BASE64 } from "./seed-images.ts";

export interface SeedOptions {
  services?: number;
  pallets?: number;
  orders?: number;
  /** PRNG seed. */
  seed?: number;
}

/** 2026-11-01 00:00:00 China time. */
export const SEED_BASE_TIME = chinaTime(2026, 11, 1);
export const DEMO_PASSWORD = "Demo1234!";
export const DEMO_ACCOUNTS = {
  admin: "admin@demo.test",
  manager: "manager@demo.test",
  guest: "guest@demo.test",
} as const;

const DAY = 86_400;
const HOUR = 3_600;

/** The seed sizes of the environment, by the portal's own rule (app/config/seed-sizes.ts). */
export function seedOptionsFromEnv(): Required<SeedOptions> {
  const set = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name, value]) => name.startsWith("SEED_") && value?.trim(),
    ),
  );
  const parsed = seedSizesSchema.safeParse(set);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${String(issue?.path[0])}: ${issue?.message}`);
  }
  return {
    services: parsed.data.SEED_SERVICES,
    pallets: parsed.data.SEED_PALLETS,
    orders: parsed.data.SEED_ORDERS,
    seed: parsed.data.SEED_RANDOM,
  };
}

function ean13(random: Random, prefix: string): string {
  let body = prefix + random.digits(12 - prefix.length);
  body = body.slice(0, 12);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + String((10 - (sum % 10)) % 10);
}

/** A valid unified social credit code (GB 32100-2015) for seeded companies. */
export function makeUscc(random: Random, division: string): string {
  const charset = "0123456789ABCDEFGHJKLMNPQRTUWXY";
  let org = "";
  for (let i = 0; i < 9; i++) org += charset[random.int(0, 30)];
  const first17 = `91${division}${org}`;
  return first17 + (usccCheckCharacter(first17) ?? "0");
}

const compactDays = new Map<number, string>();

/** YYYYMMDD in China time (cached per day: called for every seeded order). */
function compact(seconds: number): string {
  const day = Math.floor((seconds + 8 * HOUR) / DAY);
  let text = compactDays.get(day);
  if (text === undefined) {
    text = chinaDay(seconds).replaceAll("-", "");
    compactDays.set(day, text);
  }
  return text;
}

type SeedImage = keyof typeof SEED_IMAGES_BASE64;

/** The sample pictures as bytes, decoded once and shared by every seeded qualification. */
const SEED_IMAGES = Object.fromEntries(
  Object.entries(SEED_IMAGES_BASE64).map(([name, base64]) => [
    name,
    Uint8Array.from(Buffer.from(base64, "base64")),
  ]),
) as Record<SeedImage, Uint8Array<ArrayBuffer>>;

export async function seedDb(options: SeedOptions = {}): Promise<void> {
  const sizes = { ...seedOptionsFromEnv(), ...dropUndefined(options) };
  const random = createRandom(sizes.seed);
  clearDb();

  await seedCatalogue();
  const users = await seedUsers(random, SEED_USERS);
  await seedCompanies(random, users, SEED_COMPANIES);
  // The other companies draw from a stream of their own: the data above and
  // the orders below stay what they were before these companies existed.
  const other = createRandom(sizes.seed ^ 0x00c0ffee);
  for (const [name, user] of await seedUsers(other, OTHER_COMPANY_USERS, SEED_USERS.length))
    users.set(name, user);
  await seedCompanies(other, users, OTHER_COMPANIES, SEED_COMPANIES.length);
  await linkApprovedCompanies();
  await seedLogistics(random, sizes.services, sizes.pallets, sizes.orders, serviceOwners());
  await seedNotices(users);
}

function dropUndefined(options: SeedOptions): SeedOptions {
  const out: SeedOptions = {};
  if (options.services !== undefined) out.services = options.services;
  if (options.pallets !== undefined) out.pallets = options.pallets;
  if (options.orders !== undefined) out.orders = options.orders;
  if (options.seed !== undefined) out.seed = options.seed;
  return out;
}

async function seedCatalogue(): Promise<void> {
  for (const brand of BRANDS) await db.brands.insert(brand);
  const walk = async (nodes: readonly CategorySeed[], parentCode: string | null) => {
    for (const node of nodes) {
      await db.categories.insert({
        itemCatCode: node.itemCatCode,
        name: node.name,
        parentCode,
        brandCodes: node.brands ?? [],
      });
      if (node.children) await walk(node.children, node.itemCatCode);
    }
  };
  await walk(CATEGORIES, null);
}

interface SeedUser {
  username: string;
  scope: Role[];
  parent?: string;
  enabled?: boolean;
  daysAgo: number;
  singleLogin?: boolean;
}

const SEED_USERS: readonly SeedUser[] = [
  { username: DEMO_ACCOUNTS.admin, scope: [PLATFORM_ROLE, MANAGER_ROLE], daysAgo: 400 },
  { username: DEMO_ACCOUNTS.manager, scope: [MANAGER_ROLE], daysAgo: 200 },
  { username: DEMO_ACCOUNTS.guest, scope: [], daysAgo: 3 },
  { username: "ops@demo.test", scope: [MANAGER_ROLE], parent: DEMO_ACCOUNTS.manager, daysAgo: 90 },
  {
    username: "intern@demo.test",
    scope: [],
    parent: DEMO_ACCOUNTS.manager,
    enabled: false,
    daysAgo: 60,
  },
  { username: "hangzhou.trade@demo.test", scope: [], daysAgo: 6 },
  { username: "ningbo.supply@demo.test", scope: [], daysAgo: 9 },
  { username: "xiamen.goods@demo.test", scope: [], daysAgo: 15 },
];

/** Main accounts of the two other approved companies (mocks/scope.ts keeps them apart). */
export const OTHER_COMPANY_ACCOUNTS = {
  nansha: "nansha.trade@demo.test",
  qingdao: "qingdao.port@demo.test",
} as const;

const OTHER_COMPANY_USERS: readonly SeedUser[] = [
  { username: OTHER_COMPANY_ACCOUNTS.nansha, scope: [MANAGER_ROLE], daysAgo: 150 },
  { username: OTHER_COMPANY_ACCOUNTS.qingdao, scope: [MANAGER_ROLE], daysAgo: 120 },
  {
    username: "dock@qingdao.demo.test",
    scope: [MANAGER_ROLE],
    parent: OTHER_COMPANY_ACCOUNTS.qingdao,
    daysAgo: 100,
  },
];

async function seedUsers(
  random: Random,
  seeds: readonly SeedUser[],
  firstIndex = 0,
): Promise<Map<string, UserRow>> {
  const byName = new Map<string, UserRow>();
  // The salts in the stream's order, then every hash at once on the thread pool.
  const salts = seeds.map(() => random.digits(32));
  const hashes = await Promise.all(salts.map((salt) => seedPasswordHash(DEMO_PASSWORD, salt)));
  for (const [index, seed] of seeds.entries()) {
    const parentId = seed.parent
      ? (byName.get(seed.parent)?.id ?? db.userIdByName.get(seed.parent) ?? null)
      : null;
    const user = await db.users.insert({
      id: `u${String(firstIndex + index + 1).padStart(4, "0")}`,
      username: seed.username,
      passwordHash: hashes[index] ?? "",
      scope: seed.scope,
      isSingleLogin: seed.singleLogin ?? false,
      parentId,
      companyId: null,
      enabled: seed.enabled ?? true,
      createdOn: SEED_BASE_TIME - seed.daysAgo * DAY,
      lastLoginOn: null,
      failedLogins: 0,
      lockedUntil: null,
    });
    db.userIdByName.set(user.username, user.id);
    byName.set(user.username, user);
  }
  return byName;
}

interface SeedCompany {
  username: string;
  state: CompanyRow["state"];
  nameZh: string;
  nameEn: string;
  division: string;
  customs: string;
  legal: string;
  contact: string;
  address: string;
  scope: string;
  daysAgo: number;
  rejectReason?: string;
}

const SEED_COMPANIES: readonly SeedCompany[] = [
  {
    username: DEMO_ACCOUNTS.manager,
    state: "approved",
    nameZh: "深圳前海跨境供应链管理有限公司",
    nameEn: "Shenzhen Qianhai Cross-border Supply Chain Management Co., Ltd.",
    division: "440300",
    customs: "4403960ABC",
    legal: "陈志强",
    contact: "林晓明",
    address: "广东省深圳市南山区前海深港合作区前湾一路1号A栋201室",
    scope: "供应链管理；国际货运代理；跨境电子商务；货物及技术进出口。",
    daysAgo: 190,
  },
  {
    username: "hangzhou.trade@demo.test",
    state: "pending",
    nameZh: "杭州云仓国际贸易有限公司",
    nameEn: "Hangzhou Yuncang International Trading Co., Ltd.",
    division: "330110",
    customs: "3301964D27",
    legal: "王建华",
    contact: "周婷",
    address: "浙江省杭州市钱塘区下沙街道综合保税区仓储中心3号楼",
    scope: "跨境电商零售进口；母婴用品、化妆品、保健食品销售；仓储服务。",
    daysAgo: 5,
  },
  {
    username: "ningbo.supply@demo.test",
    state: "reviewing",
    nameZh: "宁波海曙优选进出口有限公司",
    nameEn: "Ningbo Haishu Youxuan Import & Export Co., Ltd.",
    division: "330203",
    customs: "3302961K88",
    legal: "徐海燕",
    contact: "孙宇航",
    address: "浙江省宁波市海曙区栎社保税物流中心综合楼508室",
    scope: "货物进出口；食品经营；日用百货销售；国内货物运输代理。",
    daysAgo: 8,
  },
  {
    username: "xiamen.goods@demo.test",
    state: "rejected",
    nameZh: "厦门海沧环球好物电子商务有限公司",
    nameEn: "Xiamen Haicang Global Goods E-commerce Co., Ltd.",
    division: "350205",
    customs: "3502966T15",
    legal: "谢文博",
    contact: "郑佳怡",
    address: "福建省厦门市海沧区港南路368号",
    scope: "互联网销售；跨境电子商务；化妆品零售。",
    daysAgo: 14,
    rejectReason: "营业执照图片模糊无法辨认，请重新上传清晰的营业执照。",
  },
];

const OTHER_COMPANIES: readonly SeedCompany[] = [
  {
    username: OTHER_COMPANY_ACCOUNTS.nansha,
    state: "approved",
    nameZh: "广州南沙跨境电商贸易有限公司",
    nameEn: "Guangzhou Nansha Cross-border E-commerce Trading Co., Ltd.",
    division: "440115",
    customs: "4401963N52",
    legal: "黄伟明",
    contact: "梁嘉欣",
    address: "广东省广州市南沙区龙穴街道港荣三街6号南沙综合保税区B2栋",
    scope: "跨境电子商务；保税仓储；食品、化妆品、日用品进口及销售。",
    daysAgo: 145,
  },
  {
    username: OTHER_COMPANY_ACCOUNTS.qingdao,
    state: "approved",
    nameZh: "青岛前湾保税港区国际物流有限公司",
    nameEn: "Qingdao Qianwan Bonded Port International Logistics Co., Ltd.",
    division: "370211",
    customs: "3702968Q31",
    legal: "刘振东",
    contact: "张晓雯",
    address: "山东省青岛市黄岛区前湾保税港区北京路45号",
    scope: "国际货运代理；保税物流；跨境电商进口商品仓储及配送。",
    daysAgo: 115,
  },
];

/**
 * The approved companies that own the seeded services, newest first: the
 * demo manager's company every other service (the newest among them), the
 * other two alternating in between, so each has old and recent services.
 */
const SERVICE_OWNER_PATTERN = [
  DEMO_ACCOUNTS.manager,
  OTHER_COMPANY_ACCOUNTS.nansha,
  DEMO_ACCOUNTS.manager,
  OTHER_COMPANY_ACCOUNTS.qingdao,
] as const;

function serviceOwners(): string[] {
  return SERVICE_OWNER_PATTERN.map((username) => {
    const company = db.companyIdByUser.get(db.userIdByName.get(username) ?? "");
    if (!company) throw new Error(`No company of ${username}`);
    return company;
  });
}

/** An approved qualification is its account's company, and its sub-accounts'. */
async function linkApprovedCompanies(): Promise<void> {
  for (const company of db.companies.values()) {
    if (company.state !== "approved") continue;
    const members = [...db.users.values()]
      .filter((user) => user.id === company.userId || user.parentId === company.userId)
      .map((user) => user.id);
    await db.users.updateMany(members, (draft) => {
      draft.companyId = company.id;
    });
  }
}

async function seedImage(
  random: Random,
  userId: string,
  createdOn: number,
  picture: SeedImage,
): Promise<string> {
  const id = random.digits(24);
  const bytes = SEED_IMAGES[picture];
  await db.images.insert({ id, userId, mime: "image/jpeg", bytes, createdOn });
  return `/api/v1/upload/image/${id}`;
}

async function seedCompanies(
  random: Random,
  users: Map<string, UserRow>,
  seeds: readonly SeedCompany[],
  firstIndex = 0,
): Promise<void> {
  const admin = users.get(DEMO_ACCOUNTS.admin);
  for (const [index, seed] of seeds.entries()) {
    const user = users.get(seed.username);
    if (!user) continue;
    const submittedOn = SEED_BASE_TIME - seed.daysAgo * DAY + random.int(9, 17) * HOUR;
    const reviewed = seed.state === "approved" || seed.state === "rejected";
    const company = await db.companies.insert({
      id: `c${String(firstIndex + index + 1).padStart(4, "0")}`,
      userId: user.id,
      username: user.username,
      companyNameZh: seed.nameZh,
      companyNameEn: seed.nameEn,
      creditCode: makeUscc(random, seed.division),
      customsCode: seed.customs,
      legalRepresentative: seed.legal,
      contactPerson: seed.contact,
      contactPhone: `${random.pick(MOBILE_PREFIXES)}${random.digits(8)}`,
      contactEmail: user.username,
      registeredAddress: seed.address,
      businessScope: seed.scope,
      businessLicenseImage: await seedImage(random, user.id, submittedOn, "businessLicense"),
      legalIdFrontImage: await seedImage(random, user.id, submittedOn, "idFront"),
      legalIdBackImage: await seedImage(random, user.id, submittedOn, "idBack"),
      state: seed.state,
      rejectReason: seed.rejectReason ?? null,
      submittedOn,
      reviewedOn: reviewed ? submittedOn + 2 * DAY : null,
      reviewerId: seed.state === "pending" ? null : (admin?.id ?? null),
    });
    db.companyIdByUser.set(user.id, company.id);
  }
}

function consignee(random: Random) {
  const region = random.pick(REGIONS);
  const district = random.pick(region.districts);
  const city = region.city === region.province ? "" : region.city;
  const address =
    `${region.province}${city}${district}${random.pick(STREETS)}${random.int(1, 899)}号` +
    `${random.pick(COMMUNITIES)}${random.int(1, 30)}栋${random.int(1, 3)}单元${random.int(1, 33)}0${random.int(1, 6)}室`;
  return {
    consignee: random.pick(SURNAMES) + random.pick(GIVEN_NAMES),
    consigneeAddress: address,
    consigneeTelephone: random.pick(MOBILE_PREFIXES) + random.digits(8),
  };
}

function logisticsNo(random: Random): string {
  const carrier = random.pick(CARRIERS);
  return (
    carrier.prefix + random.digits(carrier.digits) + ("suffix" in carrier ? carrier.suffix : "")
  );
}

/** Status weights by the service's age in days: old services are mostly stocked out. */
function statusWeights(ageDays: number): readonly (readonly [OrderStatusCode, number])[] {
  if (ageDays >= 25)
    return [
      [OrderStatus.stockedOut, 90],
      [OrderStatus.stockedIn, 6],
      [OrderStatus.initial, 4],
    ];
  if (ageDays >= 10)
    return [
      [OrderStatus.stockedOut, 45],
      [OrderStatus.stockedIn, 47],
      [OrderStatus.initial, 8],
    ];
  if (ageDays >= 4)
    return [
      [OrderStatus.stockedIn, 62],
      [OrderStatus.initial, 35],
      [OrderStatus.stockedOut, 3],
    ];
  return [
    [OrderStatus.initial, 86],
    [OrderStatus.stockedIn, 14],
  ];
}

async function seedLogistics(
  random: Random,
  services: number,
  pallets: number,
  orders: number,
  owners: readonly string[],
): Promise<void> {
  const barCodes = GOODS.map((goods) => ean13(random, goods.origin));
  const serviceRows: {
    serviceNo: string;
    companyId: string;
    createdOn: number;
    ageDays: number;
    warehouse: string;
  }[] = [];
  const spanDays = 60;
  let serviceSeq = 0;
  for (let i = 0; i < services; i++) {
    const ageDays =
      services <= 1 ? 1 : Math.round(((services - 1 - i) * spanDays) / (services - 1)) + 1;
    const createdOn =
      SEED_BASE_TIME - ageDays * DAY + random.int(8, 18) * HOUR + random.int(0, 59) * 60;
    serviceSeq += 1;
    const serviceNo = `FW${compact(createdOn)}${String(serviceSeq).padStart(3, "0")}`;
    const warehouse = random.pick(WAREHOUSES);
    const day = chinaDay(createdOn);
    // Counted from the newest, so the demo manager's company has the newest service.
    const companyId = owners[(services - 1 - i) % owners.length] ?? "";
    await db.services.insert({
      serviceNo,
      companyId,
      name: `${warehouse} ${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日进境批次`,
      createdOn,
    });
    db.servicePallets.set(serviceNo, []);
    serviceRows.push({ serviceNo, companyId, createdOn, ageDays, warehouse });
  }
  if (serviceRows.length === 0) return;

  // Pallets: spread over the services, at least one each while there are enough.
  const palletRows: { salverNo: string; serviceIndex: number; createdOn: number; grams: number }[] =
    [];
  for (let i = 0; i < pallets; i++) {
    const serviceIndex = i < serviceRows.length ? i : random.int(0, serviceRows.length - 1);
    const service = serviceRows[serviceIndex];
    if (!service) continue;
    const createdOn = service.createdOn + random.int(5, 240) * 60;
    const salverNo = `TP${compact(createdOn)}${String(i + 1).padStart(5, "0")}`;
    palletRows.push({ salverNo, serviceIndex, createdOn, grams: 0 });
  }
  if (palletRows.length === 0) return;

  // Orders: spread over the pallets; each pallet has a dominant stage.
  const perPallet = new Map<number, number>();
  for (let i = 0; i < orders; i++) {
    const index = i < palletRows.length ? i : random.int(0, palletRows.length - 1);
    perPallet.set(index, (perPallet.get(index) ?? 0) + 1);
  }

  const orderRows: OrderRow[] = [];
  let orderSeq = 0;
  for (const [palletIndex, pallet] of palletRows.entries()) {
    const service = serviceRows[pallet.serviceIndex];
    if (!service) continue;
    const weights = statusWeights(service.ageDays);
    const dominant = random.weighted(weights);
    const count = perPallet.get(palletIndex) ?? 0;
    for (let k = 0; k < count; k++) {
      orderSeq += 1;
      const createdOn = Math.min(
        pallet.createdOn + random.int(0, 6 * 60) * 60,
        SEED_BASE_TIME - 600,
      );
      let status: OrderStatusCode = random.chance(0.85) ? dominant : random.weighted(weights);
      let previous: OrderStatusCode | null = null;
      let reason = random.chance(0.03) ? random.pick(REMARKS) : "";
      if (status !== OrderStatus.stockedOut && random.chance(0.05)) {
        previous = status;
        status = OrderStatus.detained;
        reason = random.pick(DETENTION_REASONS);
      }
      const held = previous ?? status;
      const enterCbaTime =
        held === OrderStatus.stockedIn || held === OrderStatus.stockedOut
          ? Math.max(
              createdOn + 60,
              Math.min(
                createdOn + random.int(12, 72) * HOUR,
                SEED_BASE_TIME - random.int(10, 600) * 60,
              ),
            )
          : null;
      const exitCbaTime =
        held === OrderStatus.stockedOut && enterCbaTime !== null
          ? Math.max(
              enterCbaTime + 60,
              Math.min(
                enterCbaTime + random.int(20, 240) * HOUR,
                SEED_BASE_TIME - random.int(1, 9) * 60,
              ),
            )
          : null;
      const lines = [];
      const lineCount = random.weighted([
        [1, 40],
        [2, 30],
        [3, 15],
        [4, 10],
        [5, 5],
      ] as const);
      let paid = 0;
      for (let l = 0; l < lineCount; l++) {
        const goodsIndex = random.int(0, GOODS.length - 1);
        const goods = GOODS[goodsIndex];
        if (!goods) continue;
        const qty = random.weighted([
          [1, 70],
          [2, 22],
          [3, 8],
        ] as const);
        const totalPrice = goods.price * qty;
        paid += totalPrice;
        pallet.grams += goods.grossGrams * qty;
        lines.push({
          itemName: goods.itemName,
          gmodel: goods.gmodel,
          grossWeight: goods.grossGrams * qty * 100,
          netWeight: goods.netGrams * qty * 100,
          barCode: barCodes[goodsIndex] ?? "",
          price: goods.price,
          qty,
          totalPrice,
        });
      }
      orderRows.push({
        orderNo: `DD${compact(createdOn)}${String(orderSeq).padStart(7, "0")}`,
        serviceNo: service.serviceNo,
        companyId: service.companyId,
        salverNo: pallet.salverNo,
        logisticsNo: random.chance(0.86) ? logisticsNo(random) : null,
        ...consignee(random),
        acturalPaid: paid,
        enterCbaTime,
        exitCbaTime,
        createdOn,
        cbaStatus: status,
        previousCbaStatus: previous,
        reasonForDetention: reason,
        subOrder: lines,
      });
    }
  }

  // Numbered within their service in the order of their numbers (托盘01 is the first).
  const byNumber = [...palletRows].sort((a, b) => (a.salverNo < b.salverNo ? -1 : 1));
  for (const pallet of byNumber) {
    const service = serviceRows[pallet.serviceIndex];
    if (!service) continue;
    const number = (db.servicePallets.get(service.serviceNo)?.length ?? 0) + 1;
    await db.salvers.insert({
      salverNo: pallet.salverNo,
      serviceNo: service.serviceNo,
      companyId: service.companyId,
      name: `${service.warehouse.slice(0, 4)} 托盘${String(number).padStart(2, "0")}`,
      width: 10_000,
      length: 12_000,
      height: random.int(90, 180) * 100,
      // The pallet itself weighs about 25 kg.
      weight: (25_000 + pallet.grams) * 100,
      salverDirection: `${random.pick(["A", "B", "C", "D"])}-${String(random.int(1, 20)).padStart(2, "0")}-${random.int(1, 4)}`,
      createdOn: pallet.createdOn,
    });
    db.servicePallets.get(service.serviceNo)?.push(pallet.salverNo);
    db.palletOrders.set(pallet.salverNo, []);
  }

  for (const row of orderRows) {
    if (row.logisticsNo && db.logisticsIndex.has(row.logisticsNo)) row.logisticsNo = null;
    indexOrder(db.orders.insertBuilt(row));
  }
  finishOrderIndexes();
  await seedHistory(orderRows);
}

/** A number from 0 to 9999 fixed by the text (the seed's history draws nothing from the streams). */
function textHash(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (hash * 31 + text.charCodeAt(i)) % 10_007;
  return hash % 10_000;
}

/** The status a seeded order (never detained) had at `time`. */
function statusAt(row: OrderRow, time: number): OrderStatusCode {
  if (row.exitCbaTime !== null && time >= row.exitCbaTime) return 3;
  if (row.enterCbaTime !== null && time >= row.enterCbaTime) return 4;
  return 1;
}

/**
 * The history the seeded orders would have: stocked in and out by the
 * bonded station (the platform's account), detained by the station with
 * the order's reason, remarks by the company's main account.
 */
async function seedHistory(rows: readonly OrderRow[]): Promise<void> {
  const station = DEMO_ACCOUNTS.admin;
  /** An event of the bonded station (the platform's account); fields in the row schema's order. */
  const stationEvent = (
    time: number,
    action: OrderEventRow["action"],
    source: OrderEventRow["source"],
    fromStatus: OrderStatusCode,
    toStatus: OrderStatusCode,
    text: string,
  ): OrderEventRow => ({
    time,
    actor: station,
    platform: true,
    action,
    source,
    fromStatus,
    toStatus,
    text,
  });
  const ownerOf = new Map<string, string>();
  for (const company of db.companies.values()) ownerOf.set(company.id, company.username);
  for (const row of rows) {
    const events: OrderEventRow[] = [];
    const hash = textHash(row.orderNo);
    const held = row.previousCbaStatus ?? row.cbaStatus;
    if (row.enterCbaTime !== null) {
      events.push(
        stationEvent(
          row.enterCbaTime,
          "stockIn",
          "salverScan",
          OrderStatus.initial,
          OrderStatus.stockedIn,
          "",
        ),
      );
    }
    if (row.exitCbaTime !== null) {
      events.push(
        stationEvent(
          row.exitCbaTime,
          "stockOut",
          "salverScan",
          OrderStatus.stockedIn,
          OrderStatus.stockedOut,
          "",
        ),
      );
    }
    if (row.cbaStatus === OrderStatus.detained) {
      const since = row.enterCbaTime ?? row.createdOn;
      const time = Math.max(
        since + 60,
        Math.min(since + (1 + (hash % 36)) * HOUR, SEED_BASE_TIME - (5 + (hash % 240)) * 60),
      );
      events.push(
        stationEvent(
          time,
          "detain",
          "selection",
          held,
          OrderStatus.detained,
          row.reasonForDetention,
        ),
      );
    } else if (row.reasonForDetention !== "") {
      const owner = ownerOf.get(row.companyId);
      const time = Math.max(
        row.createdOn + 60,
        Math.min(row.createdOn + (1 + (hash % 5)) * HOUR, SEED_BASE_TIME - (4 + (hash % 120)) * 60),
      );
      if (owner !== undefined) {
        events.push({
          time,
          actor: owner,
          platform: false,
          action: "remark",
          source: "selection",
          fromStatus: statusAt(row, time),
          toStatus: statusAt(row, time),
          text: row.reasonForDetention,
        });
      }
    }
    if (events.length === 0) continue;
    events.sort((a, b) => a.time - b.time);
    db.orderHistory.insertBuilt({ orderNo: row.orderNo, companyId: row.companyId, events });
  }
}

async function seedNotices(users: Map<string, UserRow>): Promise<void> {
  const notices: {
    user: string;
    kind: "qualification" | "account" | "system";
    titleZh: string;
    titleEn: string;
    contentZh: string;
    contentEn: string;
    read: boolean;
    hoursAgo: number;
  }[] = [
    {
      user: DEMO_ACCOUNTS.admin,
      kind: "qualification",
      titleZh: "有 2 份资质申请待审核",
      titleEn: "2 qualification submissions wait for review",
      contentZh: "杭州云仓国际贸易有限公司、宁波海曙优选进出口有限公司提交了资质信息，请及时审核。",
      contentEn:
        "Hangzhou Yuncang International Trading and Ningbo Haishu Youxuan Import & Export submitted their qualification.",
      read: false,
      hoursAgo: 20,
    },
    {
      user: DEMO_ACCOUNTS.admin,
      kind: "system",
      titleZh: "系统维护通知",
      titleEn: "Scheduled maintenance",
      contentZh: "平台将于 11 月 8 日 02:00-04:00 进行例行维护，期间可能无法登录。",
      contentEn: "The platform is under maintenance on 8 November 02:00-04:00 (China time).",
      read: true,
      hoursAgo: 72,
    },
    {
      user: DEMO_ACCOUNTS.manager,
      kind: "qualification",
      titleZh: "资质审核通过",
      titleEn: "Qualification approved",
      contentZh: "您提交的公司资质已审核通过，现在可以使用服务管理和出入库功能。",
      contentEn:
        "Your company qualification was approved: service management and stock in/out are open.",
      read: true,
      hoursAgo: 24 * 188,
    },
    {
      user: DEMO_ACCOUNTS.manager,
      kind: "system",
      titleZh: "有订单被海关扣留",
      titleEn: "Orders detained by customs",
      contentZh: "最近一批进境订单中有订单被扣留，请在订单列表中查看扣留原因并处理。",
      contentEn:
        "Some orders of the latest inbound batch were detained: see the reasons in the order list.",
      read: false,
      hoursAgo: 5,
    },
    {
      user: DEMO_ACCOUNTS.manager,
      kind: "account",
      titleZh: `欢迎使用${PRODUCT_NAME.zh}`,
      titleEn: `Welcome to the ${PRODUCT_NAME.en}`,
      contentZh: "使用说明页介绍了服务、托盘、订单和出入库的操作流程。",
      contentEn: "The usage instructions page explains services, pallets, orders and stock in/out.",
      read: true,
      hoursAgo: 24 * 199,
    },
    {
      user: DEMO_ACCOUNTS.guest,
      kind: "account",
      titleZh: "请完善公司资质信息",
      titleEn: "Please complete your company qualification",
      contentZh: "提交公司资质并通过审核后，即可使用服务管理、出入库等功能。",
      contentEn:
        "Submit your company qualification; once approved, logistics functions are open to you.",
      read: false,
      hoursAgo: 70,
    },
  ];
  for (const [index, notice] of notices.entries()) {
    const user = db.users.get(users.get(notice.user)?.id ?? "");
    if (!user) continue;
    await db.notices.insert({
      id: `n${String(index + 1).padStart(5, "0")}`,
      userId: user.id,
      companyId: user.companyId,
      kind: notice.kind,
      titleZh: notice.titleZh,
      titleEn: notice.titleEn,
      contentZh: notice.contentZh,
      contentEn: notice.contentEn,
      read: notice.read,
      createdOn: SEED_BASE_TIME - notice.hoursAgo * HOUR,
      seq: nextSeq(),
    });
  }
}
