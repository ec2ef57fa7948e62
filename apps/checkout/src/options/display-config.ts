import { isMethod, METHODS, type Method } from './payment-method';

/**
 * `config.display` as Razorpay documents it: merchant-defined blocks of instruments, the order of
 * blocks and methods, what to hide, and whether the default method list follows the merchant's.
 * It arrives as the merchant wrote it, so every part is read defensively.
 */
export interface DisplayConfig {
  blocks?: Record<string, { name?: string; instruments?: Instrument[] }>;
  sequence?: string[];
  hide?: Instrument[];
  preferences?: { show_default_blocks?: boolean };
  language?: string;
}

/** A method, optionally narrowed: banks for netbanking, wallets, card networks. */
export interface Instrument {
  method: string;
  banks?: string[];
  wallets?: string[];
  networks?: string[];
}

/** One thing the customer can pick: a method, with the banks, wallets or networks it allows (null: all). */
export interface MethodChoice {
  method: Method;
  banks: string[] | null;
  wallets: string[] | null;
  networks: string[] | null;
}

/** A titled block of choices (a merchant's block), or a run of default methods (title null). */
export interface MethodGroup {
  code: string;
  title: string | null;
  choices: MethodChoice[];
}

/** What the account can take (preferences) and the merchant allows (`method` option). */
export interface AvailableMethods {
  methods: readonly Method[];
  banks: readonly string[];
  wallets: readonly string[];
}

const BLOCK_PREFIX = 'block.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function strings(value: unknown): string[] | null {
  return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : null;
}

function instrumentsOf(value: unknown): Instrument[] {
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is Instrument => isRecord(item) && isMethod(item['method']));
}

/** `hide: [{method}]` hides a whole default method; with banks or wallets, only those of it. */
function hiddenParts(hide: Instrument[]) {
  const wholeMethods = new Set<string>();
  const banks = new Set<string>();
  const wallets = new Set<string>();
  for (const item of hide) {
    const hiddenBanks = strings(item.banks);
    const hiddenWallets = strings(item.wallets);
    if (!hiddenBanks && !hiddenWallets && !strings(item.networks)) wholeMethods.add(item.method);
    hiddenBanks?.forEach((bank) => banks.add(bank));
    hiddenWallets?.forEach((wallet) => wallets.add(wallet));
  }
  return { wholeMethods, banks, wallets };
}

/** Narrows a list to what is available, keeping the merchant's order; null (no filter) stays null. */
function narrow(wanted: string[] | null, available: readonly string[]): string[] | null {
  return wanted === null ? null : wanted.filter((item) => available.includes(item));
}

function choiceOf(instrument: Instrument, available: AvailableMethods): MethodChoice | null {
  if (!isMethod(instrument.method) || !available.methods.includes(instrument.method)) return null;
  const choice: MethodChoice = {
    method: instrument.method,
    banks:
      instrument.method === 'netbanking'
        ? narrow(strings(instrument.banks), available.banks)
        : null,
    wallets:
      instrument.method === 'wallet'
        ? narrow(strings(instrument.wallets), available.wallets)
        : null,
    networks: instrument.method === 'card' ? strings(instrument.networks) : null,
  };
  const emptied = [choice.banks, choice.wallets, choice.networks].some(
    (list) => list?.length === 0,
  );
  return emptied ? null : choice;
}

function merchantBlocks(
  blocks: unknown,
  available: AvailableMethods,
): Map<string, { title: string; choices: MethodChoice[] }> {
  const result = new Map<string, { title: string; choices: MethodChoice[] }>();
  if (!isRecord(blocks)) return result;
  for (const [code, block] of Object.entries(blocks)) {
    if (!isRecord(block)) continue;
    const choices = instrumentsOf(block['instruments'])
      .map((instrument) => choiceOf(instrument, available))
      .filter((choice): choice is MethodChoice => choice !== null);
    const title = typeof block['name'] === 'string' ? block['name'] : code;
    if (choices.length > 0) result.set(BLOCK_PREFIX + code, { title, choices });
  }
  return result;
}

function defaultChoice(
  method: Method,
  available: AvailableMethods,
  hidden: ReturnType<typeof hiddenParts>,
): MethodChoice {
  const without = (list: readonly string[], gone: Set<string>) => {
    const kept = list.filter((item) => !gone.has(item));
    return kept.length === list.length ? null : kept;
  };
  return {
    method,
    banks: method === 'netbanking' ? without(available.banks, hidden.banks) : null,
    wallets: method === 'wallet' ? without(available.wallets, hidden.wallets) : null,
    networks: null,
  };
}

/**
 * The blocks the modal shows, in order (Razorpay's rules): the merchant's `sequence` of
 * `block.<code>` entries and method names, then, unless `preferences.show_default_blocks` is
 * false, every available method not hidden; duplicates dropped. A block missing from the sequence
 * is not shown; `hide` applies to the default methods only, never inside a merchant's block.
 * Consecutive default methods form one untitled group.
 */
export function resolveDisplay(display: unknown, available: AvailableMethods): MethodGroup[] {
  const config = isRecord(display) ? display : {};
  const hidden = hiddenParts(instrumentsOf(config['hide']));
  const listed = METHODS.filter(
    (method) => available.methods.includes(method) && !hidden.wholeMethods.has(method),
  );
  const blocks = merchantBlocks(config['blocks'], available);
  const preferences = isRecord(config['preferences']) ? config['preferences'] : {};
  const showDefaults = preferences['show_default_blocks'] !== false;
  const sequence = [
    ...new Set([...(strings(config['sequence']) ?? []), ...(showDefaults ? listed : [])]),
  ];
  const groups: MethodGroup[] = [];
  for (const entry of sequence) {
    const block = blocks.get(entry);
    if (block) groups.push({ code: entry, title: block.title, choices: block.choices });
    if (!isMethod(entry) || !listed.includes(entry)) continue;
    const last = groups[groups.length - 1];
    const choice = defaultChoice(entry, available, hidden);
    if (last && last.title === null) last.choices.push(choice);
    else groups.push({ code: `methods.${groups.length}`, title: null, choices: [choice] });
  }
  return groups;
}

/** The choice `prefill.method` points at: the first of that method in display order. */
export function prefilledChoice(groups: MethodGroup[], method: string): MethodChoice | null {
  for (const group of groups) {
    const choice = group.choices.find((candidate) => candidate.method === method);
    if (choice) return choice;
  }
  return null;
}
