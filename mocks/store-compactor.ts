/**
 * The data file's compaction, on a worker thread (mocks/data-file.ts): folds
 * the base snapshot and its closed journals into the next base from the
 * files alone, so the server's thread keeps answering meanwhile.
 */
import { parentPort, workerData } from "node:worker_threads";
import { type CompactionJob, compact } from "./store-format.ts";

parentPort?.postMessage({ size: await compact(workerData as CompactionJob) });
