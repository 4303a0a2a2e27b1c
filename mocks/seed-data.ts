/** Static lists the seed draws from: names, addresses, goods, brands, categories, warehouses. */

export const SURNAMES = [
  "张",
  "王",
  "李",
  "赵",
  "刘",
  "陈",
  "杨",
  "黄",
  "周",
  "吴",
  "徐",
  "孙",
  "马",
  "朱",
  "胡",
  "郭",
  "何",
  "林",
  "高",
  "罗",
  "郑",
  "梁",
  "谢",
  "宋",
  "唐",
  "许",
  "韩",
  "冯",
  "邓",
  "曹",
] as const;

export const GIVEN_NAMES = [
  "伟",
  "娜",
  "敏",
  "静",
  "磊",
  "洋",
  "艳",
  "勇",
  "军",
  "杰",
  "娟",
  "涛",
  "明",
  "超",
  "秀英",
  "丽",
  "强",
  "平",
  "刚",
  "桂英",
  "晓东",
  "思琪",
  "子涵",
  "浩然",
  "雨萱",
  "梓轩",
  "欣怡",
  "建华",
  "志强",
  "海燕",
  "文博",
  "佳怡",
  "俊杰",
  "晓明",
  "丹",
  "鹏",
  "婷",
  "宇航",
  "一诺",
  "嘉怡",
] as const;

export interface Region {
  province: string;
  city: string;
  districts: readonly string[];
}

export const REGIONS: readonly Region[] = [
  { province: "广东省", city: "广州市", districts: ["天河区", "越秀区", "海珠区", "番禺区"] },
  { province: "广东省", city: "深圳市", districts: ["南山区", "福田区", "宝安区", "龙岗区"] },
  { province: "浙江省", city: "杭州市", districts: ["西湖区", "滨江区", "余杭区", "拱墅区"] },
  { province: "浙江省", city: "宁波市", districts: ["鄞州区", "海曙区", "江北区"] },
  { province: "江苏省", city: "南京市", districts: ["鼓楼区", "玄武区", "建邺区"] },
  { province: "江苏省", city: "苏州市", districts: ["姑苏区", "吴中区", "相城区"] },
  { province: "北京市", city: "北京市", districts: ["朝阳区", "海淀区", "东城区", "丰台区"] },
  { province: "上海市", city: "上海市", districts: ["浦东新区", "徐汇区", "静安区", "闵行区"] },
  { province: "四川省", city: "成都市", districts: ["武侯区", "锦江区", "青羊区", "成华区"] },
  { province: "湖北省", city: "武汉市", districts: ["洪山区", "江汉区", "武昌区"] },
  { province: "山东省", city: "青岛市", districts: ["市南区", "崂山区", "黄岛区"] },
  { province: "山东省", city: "济南市", districts: ["历下区", "市中区"] },
  { province: "福建省", city: "厦门市", districts: ["思明区", "湖里区", "集美区"] },
  { province: "河南省", city: "郑州市", districts: ["金水区", "二七区", "中原区"] },
  { province: "陕西省", city: "西安市", districts: ["雁塔区", "碑林区", "未央区"] },
  { province: "重庆市", city: "重庆市", districts: ["渝北区", "江北区", "南岸区"] },
  { province: "天津市", city: "天津市", districts: ["南开区", "河西区", "和平区"] },
  { province: "湖南省", city: "长沙市", districts: ["岳麓区", "天心区", "开福区"] },
];

export const STREETS = [
  "中山路",
  "人民路",
  "解放路",
  "建设路",
  "和平路",
  "新华路",
  "文化路",
  "科技园路",
  "滨江大道",
  "学府路",
  "长江路",
  "黄河路",
  "南京路",
  "迎宾大道",
  "世纪大道",
  "青年路",
  "花园路",
  "东风路",
] as const;

export const COMMUNITIES = [
  "阳光花园",
  "锦绣华庭",
  "翠湖苑",
  "御景湾",
  "金色家园",
  "书香门第",
  "碧桂园",
  "万科城",
  "绿地新都会",
  "保利香槟国际",
  "龙湖春江郦城",
  "华润二十四城",
] as const;

export const MOBILE_PREFIXES = [
  "133",
  "135",
  "136",
  "137",
  "138",
  "139",
  "150",
  "151",
  "152",
  "153",
  "158",
  "159",
  "177",
  "180",
  "181",
  "186",
  "187",
  "188",
  "189",
  "199",
] as const;

export interface Brand {
  brandCode: string;
  name: string;
}

export const BRANDS: readonly Brand[] = [
  { brandCode: "BR0001", name: "爱他美 Aptamil" },
  { brandCode: "BR0002", name: "美赞臣 Mead Johnson" },
  { brandCode: "BR0003", name: "a2" },
  { brandCode: "BR0004", name: "飞鹤 Feihe" },
  { brandCode: "BR0005", name: "雅培 Abbott" },
  { brandCode: "BR0006", name: "Swisse" },
  { brandCode: "BR0007", name: "澳佳宝 Blackmores" },
  { brandCode: "BR0008", name: "汤臣倍健 By-health" },
  { brandCode: "BR0009", name: "Move Free" },
  { brandCode: "BR0010", name: "善存 Centrum" },
  { brandCode: "BR0011", name: "兰蔻 Lancôme" },
  { brandCode: "BR0012", name: "雅诗兰黛 Estée Lauder" },
  { brandCode: "BR0013", name: "SK-II" },
  { brandCode: "BR0014", name: "资生堂 Shiseido" },
  { brandCode: "BR0015", name: "科颜氏 Kiehl's" },
  { brandCode: "BR0016", name: "海蓝之谜 La Mer" },
  { brandCode: "BR0017", name: "理肤泉 La Roche-Posay" },
  { brandCode: "BR0018", name: "花王 Kao" },
  { brandCode: "BR0019", name: "尤妮佳 Moony" },
  { brandCode: "BR0020", name: "贝亲 Pigeon" },
  { brandCode: "BR0021", name: "戴森 Dyson" },
  { brandCode: "BR0022", name: "飞利浦 Philips" },
  { brandCode: "BR0023", name: "乐高 LEGO" },
  { brandCode: "BR0024", name: "Jellycat" },
  { brandCode: "BR0025", name: "白兰氏 Brand's" },
  { brandCode: "BR0026", name: "日清 Nissin" },
  { brandCode: "BR0027", name: "贝拉米 Bellamy's" },
  { brandCode: "BR0028", name: "康维他 Comvita" },
  { brandCode: "BR0029", name: "卡乐比 Calbee" },
  { brandCode: "BR0030", name: "雀巢 Nestlé" },
];

export interface CategorySeed {
  itemCatCode: string;
  name: string;
  children?: CategorySeed[];
  brands?: string[];
}

export const CATEGORIES: readonly CategorySeed[] = [
  {
    itemCatCode: "01",
    name: "食品饮料",
    children: [
      {
        itemCatCode: "0101",
        name: "乳品冲调",
        children: [
          {
            itemCatCode: "010101",
            name: "婴幼儿奶粉",
            brands: ["BR0001", "BR0002", "BR0003", "BR0004", "BR0005"],
          },
          { itemCatCode: "010102", name: "咖啡冲调", brands: ["BR0030", "BR0025"] },
        ],
      },
      { itemCatCode: "0102", name: "婴幼儿辅食", brands: ["BR0027"] },
      { itemCatCode: "0103", name: "休闲零食", brands: ["BR0026", "BR0029"] },
      { itemCatCode: "0104", name: "蜂蜜", brands: ["BR0028"] },
    ],
  },
  {
    itemCatCode: "02",
    name: "营养保健",
    children: [
      { itemCatCode: "0201", name: "维生素矿物质", brands: ["BR0006", "BR0010"] },
      { itemCatCode: "0202", name: "鱼油", brands: ["BR0007"] },
      { itemCatCode: "0203", name: "蛋白粉", brands: ["BR0008"] },
      { itemCatCode: "0204", name: "关节护理", brands: ["BR0009"] },
    ],
  },
  {
    itemCatCode: "03",
    name: "美妆个护",
    children: [
      { itemCatCode: "0301", name: "面部精华", brands: ["BR0011", "BR0012", "BR0013", "BR0014"] },
      { itemCatCode: "0302", name: "面霜", brands: ["BR0015", "BR0016", "BR0017"] },
    ],
  },
  {
    itemCatCode: "04",
    name: "母婴用品",
    children: [
      { itemCatCode: "0401", name: "纸尿裤", brands: ["BR0018", "BR0019"] },
      { itemCatCode: "0402", name: "喂养用品", brands: ["BR0020"] },
    ],
  },
  {
    itemCatCode: "05",
    name: "数码家电",
    children: [{ itemCatCode: "0501", name: "个护电器", brands: ["BR0021", "BR0022"] }],
  },
  {
    itemCatCode: "06",
    name: "玩具",
    children: [
      { itemCatCode: "0601", name: "积木拼插", brands: ["BR0023"] },
      { itemCatCode: "0602", name: "毛绒玩具", brands: ["BR0024"] },
    ],
  },
];

export interface Goods {
  itemName: string;
  gmodel: string;
  /** grams */
  netGrams: number;
  /** grams */
  grossGrams: number;
  /** fen */
  price: number;
  /** EAN-13 country prefix (2-3 digits). */
  origin: string;
}

export const GOODS: readonly Goods[] = [
  {
    itemName: "爱他美婴儿配方奶粉3段",
    gmodel: "800g/罐",
    netGrams: 800,
    grossGrams: 1020,
    price: 22800,
    origin: "40",
  },
  {
    itemName: "美赞臣铂睿婴儿配方奶粉2段",
    gmodel: "850g/罐",
    netGrams: 850,
    grossGrams: 1080,
    price: 32800,
    origin: "00",
  },
  {
    itemName: "a2 Platinum 婴儿配方奶粉1段",
    gmodel: "900g/罐",
    netGrams: 900,
    grossGrams: 1130,
    price: 26900,
    origin: "93",
  },
  {
    itemName: "飞鹤星飞帆幼儿配方奶粉3段",
    gmodel: "700g/罐",
    netGrams: 700,
    grossGrams: 900,
    price: 25800,
    origin: "690",
  },
  {
    itemName: "雅培菁智有机幼儿奶粉",
    gmodel: "900g/罐",
    netGrams: 900,
    grossGrams: 1150,
    price: 35800,
    origin: "00",
  },
  {
    itemName: "Swisse 钙+维生素D片",
    gmodel: "150片/瓶",
    netGrams: 270,
    grossGrams: 360,
    price: 13900,
    origin: "93",
  },
  {
    itemName: "澳佳宝深海鱼油胶囊",
    gmodel: "1000mg×400粒/瓶",
    netGrams: 560,
    grossGrams: 720,
    price: 16800,
    origin: "93",
  },
  {
    itemName: "汤臣倍健蛋白粉",
    gmodel: "450g/罐",
    netGrams: 450,
    grossGrams: 600,
    price: 29800,
    origin: "692",
  },
  {
    itemName: "Move Free 氨糖软骨素",
    gmodel: "120粒/瓶",
    netGrams: 210,
    grossGrams: 300,
    price: 18900,
    origin: "00",
  },
  {
    itemName: "善存多维元素片",
    gmodel: "100片/瓶",
    netGrams: 160,
    grossGrams: 230,
    price: 9900,
    origin: "00",
  },
  {
    itemName: "兰蔻小黑瓶精华肌底液",
    gmodel: "50ml",
    netGrams: 50,
    grossGrams: 210,
    price: 76000,
    origin: "30",
  },
  {
    itemName: "雅诗兰黛特润修护肌活精华露",
    gmodel: "50ml",
    netGrams: 50,
    grossGrams: 230,
    price: 72000,
    origin: "00",
  },
  {
    itemName: "SK-II 护肤精华露",
    gmodel: "230ml",
    netGrams: 230,
    grossGrams: 480,
    price: 154000,
    origin: "49",
  },
  {
    itemName: "资生堂红妍肌活精华露",
    gmodel: "50ml",
    netGrams: 50,
    grossGrams: 190,
    price: 63000,
    origin: "49",
  },
  {
    itemName: "科颜氏高保湿面霜",
    gmodel: "125ml",
    netGrams: 125,
    grossGrams: 260,
    price: 39500,
    origin: "00",
  },
  {
    itemName: "海蓝之谜精华面霜",
    gmodel: "60ml",
    netGrams: 60,
    grossGrams: 330,
    price: 280000,
    origin: "00",
  },
  {
    itemName: "理肤泉B5修复霜",
    gmodel: "40ml",
    netGrams: 40,
    grossGrams: 90,
    price: 12800,
    origin: "30",
  },
  {
    itemName: "花王妙而舒纸尿裤",
    gmodel: "L号 54片/包",
    netGrams: 1900,
    grossGrams: 2100,
    price: 11900,
    origin: "49",
  },
  {
    itemName: "尤妮佳 moony 纸尿裤",
    gmodel: "M号 64片/包",
    netGrams: 1750,
    grossGrams: 1950,
    price: 10900,
    origin: "49",
  },
  {
    itemName: "贝亲宽口径玻璃奶瓶",
    gmodel: "240ml",
    netGrams: 230,
    grossGrams: 330,
    price: 8900,
    origin: "49",
  },
  {
    itemName: "戴森 Supersonic 吹风机",
    gmodel: "HD15 紫红色",
    netGrams: 1800,
    grossGrams: 2600,
    price: 299000,
    origin: "50",
  },
  {
    itemName: "飞利浦电动牙刷",
    gmodel: "HX6730",
    netGrams: 520,
    grossGrams: 760,
    price: 39900,
    origin: "87",
  },
  {
    itemName: "乐高经典创意积木",
    gmodel: "10698 大号积木盒",
    netGrams: 1600,
    grossGrams: 2000,
    price: 39900,
    origin: "57",
  },
  {
    itemName: "Jellycat 邦尼兔毛绒玩具",
    gmodel: "31cm 米色",
    netGrams: 180,
    grossGrams: 260,
    price: 25900,
    origin: "50",
  },
  {
    itemName: "白兰氏鸡精",
    gmodel: "70g×6瓶",
    netGrams: 420,
    grossGrams: 700,
    price: 8800,
    origin: "88",
  },
  {
    itemName: "日清合味道杯面",
    gmodel: "76g×12杯",
    netGrams: 912,
    grossGrams: 1300,
    price: 9600,
    origin: "45",
  },
  {
    itemName: "贝拉米有机高铁米粉",
    gmodel: "125g/盒",
    netGrams: 125,
    grossGrams: 190,
    price: 6900,
    origin: "93",
  },
  {
    itemName: "康维他麦卢卡蜂蜜 UMF10+",
    gmodel: "500g/瓶",
    netGrams: 500,
    grossGrams: 820,
    price: 39800,
    origin: "94",
  },
  {
    itemName: "卡乐比水果麦片",
    gmodel: "700g/袋",
    netGrams: 700,
    grossGrams: 760,
    price: 7900,
    origin: "49",
  },
  {
    itemName: "雀巢金牌冻干咖啡",
    gmodel: "200g/罐",
    netGrams: 200,
    grossGrams: 420,
    price: 12900,
    origin: "76",
  },
];

export const WAREHOUSES = [
  "广州南沙保税港区",
  "杭州下沙综合保税区",
  "宁波栎社保税物流中心",
  "郑州新郑综合保税区",
  "重庆西永综合保税区",
  "上海外高桥保税区",
  "天津东疆保税港区",
  "成都双流综合保税区",
] as const;

export const DETENTION_REASONS = [
  "申报品名与实物不符",
  "申报价格明显偏低，需补充价格证明",
  "缺少原产地证明",
  "收货人身份信息校验未通过",
  "超出个人年度交易限额",
  "涉嫌侵犯知识产权，待查验",
  "外包装破损，待复核数量",
  "商品不在跨境电商零售进口清单内",
] as const;

export const REMARKS = [
  "客户要求加急派送",
  "已电话确认收货地址",
  "合并包裹发货",
  "易碎品，轻拿轻放",
] as const;

export const CARRIERS = [
  { prefix: "SF", digits: 12 },
  { prefix: "YT", digits: 13 },
  { prefix: "75", digits: 12 },
  { prefix: "JDVA", digits: 11 },
  { prefix: "E", digits: 9, suffix: "CN" },
] as const;
