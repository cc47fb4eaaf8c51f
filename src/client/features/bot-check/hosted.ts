import type { BotCheckAction } from '#shared/bot-check.ts';

// reCAPTCHA v3 and Cloudflare Turnstile: their own scripts, loaded only on pages that send a form.

interface ReCaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

interface Turnstile {
  render(
    container: HTMLElement,
    options: {
      sitekey: string;
      action: string;
      appearance: 'interaction-only';
      callback: (token: string) => void;
      'error-callback': () => void;
    },
  ): string;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    grecaptcha?: ReCaptcha;
    turnstile?: Turnstile;
  }
}

const loading = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        reject(new Error(`Could not load ${src}`));
      };
      document.head.append(script);
    });
    loading.set(src, promise);
  }
  return promise;
}

/** reCAPTCHA v3: an invisible score for the action (https://developers.google.com/recaptcha/docs/v3). */
export async function recaptchaToken(siteKey: string, action: BotCheckAction): Promise<string> {
  await loadScript(`https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`);
  const grecaptcha = window.grecaptcha as ReCaptcha;
  await new Promise<void>((resolve) => grecaptcha.ready(resolve));
  return grecaptcha.execute(siteKey, { action });
}

/**
 * Turnstile: a widget rendered into the form that stays invisible unless Cloudflare needs the visitor to
 * click (https://developers.cloudflare.com/turnstile/get-started/client-side-rendering/).
 */
export async function turnstileToken(
  siteKey: string,
  action: BotCheckAction,
  container: HTMLElement,
): Promise<string> {
  await loadScript('https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit');
  const turnstile = window.turnstile as Turnstile;
  return new Promise((resolve, reject) => {
    const widget = turnstile.render(container, {
      sitekey: siteKey,
      action,
      appearance: 'interaction-only',
      callback: (token) => {
        turnstile.remove(widget);
        resolve(token);
      },
      'error-callback': () => {
        turnstile.remove(widget);
        reject(new Error('Turnstile could not check the visitor'));
      },
    });
  });
}
