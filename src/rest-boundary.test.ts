// REST paths live in streams/api alone: a screen reads the server through resources and calls,
// so a path named in src/ is a call that went around them.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname);
const API_PATH = /['"`]\/(?:api\/|customization\/|oauth\/)/;

function sourceFiles(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => join(SRC, file));
}

describe('the REST boundary', () => {
  it('finds source files to check', () => {
    expect(sourceFiles().length).toBeGreaterThan(50);
  });

  it('no file in src/ names a REST path', () => {
    const offenders = sourceFiles()
      .filter((file) => API_PATH.test(readFileSync(file, 'utf8')))
      .map((file) => `src/${relative(SRC, file)}`);
    expect(offenders, 'these files name a REST path; move the call into streams/api').toEqual([]);
  });
});
