export default {
  title: "库存系统",
};
