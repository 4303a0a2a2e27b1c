/** A data file that cannot be used as it is: the start stops and the file is left alone. */
export class DataFileError extends Error {
  override name = "DataFileError";
}
