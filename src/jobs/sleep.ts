// A timer promise that can be cut short, for grace periods that end early when the work is done.

export interface Sleep {
  promise: Promise<void>;
  cancel(): void;
}

export function sleep(ms: number): Sleep {
  let timer: NodeJS.Timeout | undefined;
  let done: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    done = resolve;
    timer = setTimeout(resolve, ms);
  });
  return { promise, cancel: () => { clearTimeout(timer); done(); } };
}
