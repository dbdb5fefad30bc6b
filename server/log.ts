/** Structured log lines on stdout, one JSON object each, so a platform's log shipper can parse them. */
export type LogRecord = Record<string, unknown> & { msg: string };
export type Logger = (level: 'info' | 'warn' | 'error', rec: LogRecord) => void;

export const jsonLogger: Logger = (level, rec) => {
  const line = JSON.stringify({ time: new Date().toISOString(), level, ...rec });
  if (level === 'error') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
};

export const silentLogger: Logger = () => {};
