import { connect } from "node:net";

/**
 * A request whose body is declared long and arrives a little every 100 ms, a
 * client too slow ever to finish: `head` (the request line, headers and the
 * body's first bytes) is written at once, then `filler` every 100 ms until the
 * server closes the connection. Answers everything the server wrote.
 */
export function trickle(port: number, head: string, filler: string): Promise<string> {
  const socket = connect(port, "127.0.0.1");
  let text = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    text += chunk;
  });
  socket.on("error", () => {});
  socket.write(head);
  const drip = setInterval(() => {
    if (!socket.destroyed) socket.write(filler);
  }, 100);
  return new Promise((resolve) => {
    socket.once("close", () => {
      clearInterval(drip);
      resolve(text);
    });
  });
}
