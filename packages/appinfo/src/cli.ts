// `appinfo FILE [--icon out.png]`: prints what the file is as JSON (snake_case keys, as the
// API uses). Exit 0 on success; on a bad file, exit 1 with {"error": {"code", "message"}}
// on stdout.
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { AppInfoError } from './errors.ts';
import { parsers } from './formats/index.ts';
import { inspect } from './inspect.ts';
import { toWire } from './wire.ts';

const HELP = `Usage: appinfo FILE [--icon OUT.png]

Prints what an app package or debug file is, as JSON.
  --icon OUT.png   also write the best icon, converted to a standard PNG

Formats: ${parsers.map((p) => p.format).join(', ')}
`;

function fail(code: string, message: string): number {
  process.stdout.write(JSON.stringify({ error: { code, message } }, null, 2) + '\n');
  return 1;
}

export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { icon: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    process.stderr.write(`appinfo: ${(error as Error).message}\n\n${HELP}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (positionals.length !== 1) {
    process.stderr.write(HELP);
    return 2;
  }
  try {
    const result = await inspect(positionals[0]!, { icon: values.icon !== undefined });
    if (values.icon !== undefined) {
      if (!result.icon) return fail('no_icon', 'The package holds no icon that can be converted to PNG');
      await writeFile(values.icon, result.icon);
    }
    process.stdout.write(JSON.stringify(toWire(result), null, 2) + '\n');
    return 0;
  } catch (error) {
    if (error instanceof AppInfoError) return fail(error.code, error.message);
    return fail('internal_error', `appinfo failed unexpectedly: ${(error as Error).message}`);
  }
}

process.exitCode = await main(process.argv.slice(2));
