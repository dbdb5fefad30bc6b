/** The file area as the app sees it: storage, scanner, keys, and the pipeline once started. */
import path from 'node:path';
import type { AppConfig } from '../config';
import { createLocalStorage, type FileStorage } from './storage';
import { buildScanner, type Scanner } from './scanner';
import { createS3Storage } from './storage-s3';
import { loadFileKeys, signGrant, type FileKeys, type UrlGrant } from './crypto';
import type { Pipeline } from './pipeline';
import { FILE_TRANSFER_PATH } from '@core/contract/files';

export interface FileDeps {
  storage: FileStorage;
  scanner: Scanner;
  keys: FileKeys;
  urlSeconds: number;
  leaseSeconds: number;
  /** Bytes one resident may upload in any 24 hours (FILE_QUOTA_MB); 0: no limit. */
  quotaBytes: number;
  /** Set by startServer; before that (or in an app built twice by a test) uploads are scanned at the next start. */
  pipeline: Pipeline | null;
}

export const buildFileDeps = async (config: AppConfig): Promise<FileDeps> => ({
  storage: config.files.s3
    ? createS3Storage(config.files.s3, path.join(config.dataDir, 'files', 's3-staging'))
    : createLocalStorage(path.join(config.dataDir, 'files')),
  scanner: buildScanner(config.files),
  keys: await loadFileKeys(config.dataDir, config.files.encryptionKey),
  urlSeconds: config.files.urlSeconds,
  leaseSeconds: config.files.scanLeaseSeconds,
  quotaBytes: config.files.quotaMb * 1024 * 1024,
  pipeline: null,
});

/** A signed URL on this server (relative: it is reached through whatever origin the page uses). */
export const fileUrl = (files: FileDeps, grant: Omit<UrlGrant, 'e'>): string =>
  `${FILE_TRANSFER_PATH}/${signGrant(files.keys.urlKey, { ...grant, e: Math.floor(Date.now() / 1000) + files.urlSeconds })}`;
