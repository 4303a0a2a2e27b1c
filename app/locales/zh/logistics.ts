export default {
  title: "物流",
};
