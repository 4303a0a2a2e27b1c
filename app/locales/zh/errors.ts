export default {
  notFoundTitle: "404",
  notFound: "抱歉，您访问的页面不存在",
  serverErrorTitle: "500",
  serverError: "抱歉，服务器出错了",
  forbiddenTitle: "403",
  forbidden: "抱歉，您无权访问此页面",
  backHome: "返回首页",
  network: "网络通信异常",
  timeout: "后端服务响应超时，请稍后重试",
  unreachable: "无法连接后端服务，请稍后重试",
  badResponse: "后端服务返回了无法识别的数据",
  tryAgain: "重试",
};
