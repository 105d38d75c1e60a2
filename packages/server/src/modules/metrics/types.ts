// What the rest of the server tells /metrics (modules/metrics/service.ts) while it works. A
// service or route that counts something takes an optional Meter: absent when TARMAC_METRICS is
// off, so nothing is counted and prom-client is never loaded.

export interface Meter {
  /** A build was stored by an upload: the received file's size. */
  uploaded(bytes: number): void;
  /** A download answer (the whole file or one Range) was handed to the network in full. */
  downloaded(bytes: number): void;
  /** The package parser read a file: its format (`apk`, `ipa` …, or `unreadable`) and the time it took. */
  parsed(format: string, seconds: number): void;
}
