// Device emulation for a job's `deviceType`. The user agents follow Chrome's reduced UA format with
// the real browser's major version, so sites see a normal Chrome (not "HeadlessChrome") that matches
// the engine's actual features.
import type { Viewport } from 'puppeteer-core';

export interface DeviceProfile {
  viewport: Viewport;
  userAgent: string;
  /** User-agent client hints sent with the UA (Sec-CH-UA-*), consistent with `userAgent`. */
  platform: string;
  mobile: boolean;
}

/**
 * mobile: 390×844 CSS px, DPR 3, touch, Android Chrome UA. desktop: 1366×768, DPR 1. server:
 * 1920×1080, DPR 1. Anything else (including empty) is desktop.
 */
export function deviceProfile(deviceType: string, chromeMajor: string): DeviceProfile {
  const major = /^\d+$/.test(chromeMajor) ? chromeMajor : '130';
  if (deviceType === 'mobile') {
    return {
      viewport: { width: 390, height: 844, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
      userAgent: `Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Mobile Safari/537.36`,
      platform: 'Android',
      mobile: true,
    };
  }
  const large = deviceType === 'server';
  return {
    viewport: {
      width: large ? 1920 : 1366,
      height: large ? 1080 : 768,
      deviceScaleFactor: 1,
      isMobile: false,
      hasTouch: false,
    },
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`,
    platform: 'Linux',
    mobile: false,
  };
}
