// TARMAC_DOWNLOAD_ACCEL: once Tarmac has checked access and counted a download, the reverse
// proxy in front sends the file itself (sendfile from the page cache, no copy through Node):
// nginx follows `X-Accel-Redirect` to an internal location serving TARMAC_DATA_DIR/storage
// under TARMAC_DOWNLOAD_ACCEL_PREFIX; Apache (mod_xsendfile) and lighttpd follow `X-Sendfile`
// with the file's absolute path. Only a file on this machine's disk can be handed over, so
// any other storage is refused at start. docs/downloads-accel.md sets the proxies up.
import { ConfigError } from '../../config.ts';
import type { DownloadAccel } from '../../config.ts';
import type { Storage } from '../../storage/storage.ts';

/** The header that hands a stored file to the proxy, or undefined when Tarmac sends the file itself. */
export type HandOff = (key: string) => { name: 'x-accel-redirect' | 'x-sendfile'; value: string } | undefined;

export function createHandOff(accel: DownloadAccel, storage: Pick<Storage, 'localPath'>): HandOff {
  if (accel.mode === 'off') return () => undefined;
  const localPath = storage.localPath?.bind(storage);
  if (!localPath) {
    throw new ConfigError('TARMAC_DOWNLOAD_ACCEL', `is ${accel.mode}, but the files are not on local disk: a proxy can only send local files (set it to off)`);
  }
  if (accel.mode === 'sendfile') return (key) => ({ name: 'x-sendfile', value: localPath(key) });
  const { prefix } = accel;
  return (key) => {
    localPath(key); // the same key check as every read
    return { name: 'x-accel-redirect', value: prefix + key.split('/').map(encodeURIComponent).join('/') };
  };
}
