/**
 * Reads a streamed answer's body as text, a chunk at a time: until `until`
 * shows in what was read (failing if the body ends first), or, without it,
 * to the body's end. What a test reads of a page React streams in parts.
 */
export async function readText(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  until?: string,
): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  while (until === undefined || !text.includes(until)) {
    const { value, done } = await reader.read();
    if (done) {
      if (until !== undefined) throw new Error(`the body ended before "${until}" came`);
      break;
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}
