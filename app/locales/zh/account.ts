export default {
  title: "账户",
};
