import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../core/config.js';

/** Where uploaded import files live (UPLOAD_DIR); imports store the path relative to it. */
@Injectable()
export class UploadStore {
  readonly dir: string;
  constructor(config: AppConfig) {
    this.dir = resolve(config.get('UPLOAD_DIR'));
    mkdirSync(this.dir, { recursive: true });
  }

  /** A fresh file name for an upload (random: import ids repeat across databases sharing a folder). */
  newName(): string {
    return `${new Date().toISOString().slice(0, 10)}-${randomBytes(12).toString('hex')}.csv`;
  }

  /** Absolute path of a stored name; refuses names that leave the folder. */
  resolve(name: string): string {
    const p = resolve(this.dir, name);
    const rel = relative(this.dir, p);
    if (rel.startsWith('..') || isAbsolute(rel)) throw new Error(`upload path outside ${this.dir}`);
    return p;
  }

  relative(absolute: string): string {
    return relative(this.dir, absolute);
  }

  async remove(absolute: string): Promise<void> {
    await rm(absolute, { force: true });
  }

  join(name: string): string {
    return join(this.dir, name);
  }
}
