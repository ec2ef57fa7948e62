export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export type BrokerLogger = (
  level: LogLevel,
  message: string,
  fields?: Record<string, unknown>,
) => void;

export const silentLogger: BrokerLogger = () => undefined;

/** One JSON object per line on stderr, for the standalone broker. */
export function jsonLogger(minimum: LogLevel): BrokerLogger {
  const order: LogLevel[] = ['debug', 'info', 'warn', 'error'];
  return (level, message, fields) => {
    if (order.indexOf(level) < order.indexOf(minimum)) return;
    process.stderr.write(
      JSON.stringify({ time: new Date().toISOString(), level, msg: message, ...fields }) + '\n',
    );
  };
}
