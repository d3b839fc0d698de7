import { describe, expect, it } from 'vitest';
import {
  isWebhookUrl,
  rotateSecretSchema,
  truncateUtf8,
  WEBHOOK_EVENTS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_WINDOW_S,
  webhookRetryDelay,
  webhookSchema,
  webhookUpdateSchema,
} from './webhooks.ts';

describe('the retry schedule', () => {
  const delays = Array.from({ length: WEBHOOK_MAX_ATTEMPTS - 1 }, (_, i) => webhookRetryDelay(i + 1)!);

  it('waits four times longer each time, from 30 seconds', () => {
    expect(delays.slice(0, -1)).toEqual([30, 120, 480, 1920, 7680, 30720]);
  });

  it('puts the last attempt 24 hours after the first, and never waits less than before', () => {
    expect(delays.reduce((a, b) => a + b, 0)).toBe(WEBHOOK_RETRY_WINDOW_S);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThan(delays[i - 1]);
  });

  it('has nothing after the last attempt, nor for a nonsense attempt number', () => {
    expect(webhookRetryDelay(WEBHOOK_MAX_ATTEMPTS)).toBeNull();
    expect(webhookRetryDelay(0)).toBeNull();
    expect(webhookRetryDelay(1.5)).toBeNull();
  });
});

describe('truncateUtf8', () => {
  it('keeps short texts whole', () => {
    expect(truncateUtf8('ok')).toBe('ok');
  });

  it('cuts at the byte limit without splitting a character', () => {
    expect(new TextEncoder().encode(truncateUtf8('a'.repeat(5000))).length).toBe(1024);
    // 'é' is two bytes: 1023 of 'a' then 'é' does not fit in 1024.
    expect(truncateUtf8('a'.repeat(1023) + 'é')).toBe('a'.repeat(1023));
    expect(truncateUtf8('€€€', 7)).toBe('€€');
  });
});

describe('the endpoint form', () => {
  it.each(['https://crm.example.com/hooks/kairos?x=1', 'http://127.0.0.1:8080/hooks', 'http://localhost:3000/'])('takes %s: https, or plain http only on this machine', (url) => {
    expect(isWebhookUrl(url)).toBe(true);
  });

  it.each(['http://crm.example.com/hooks', 'https://user:pass@crm.example.com/', 'ftp://crm.example.com/', 'not a url'])('refuses %s', (url) => {
    expect(isWebhookUrl(url)).toBe(false);
  });

  it('orders the events, defaults to active, and explains what is wrong', () => {
    expect(webhookSchema.parse({ url: ' https://x.example.com/h ', events: ['ping', 'booking.created'] })).toEqual({
      url: 'https://x.example.com/h',
      events: ['booking.created', 'ping'],
      isActive: true,
    });
    expect(webhookSchema.safeParse({ url: 'https://x.example.com/h', events: [] }).error?.issues[0].message).toBe('Choose at least one event');
    expect(webhookSchema.safeParse({ url: 'http://x.example.com/h', events: ['ping'] }).error?.issues[0].message).toBe(
      'Enter the https:// address of your endpoint',
    );
    expect(webhookSchema.safeParse({ url: 'https://x.example.com/h', events: ['booking.deleted'] }).success).toBe(false);
    expect(WEBHOOK_EVENTS).toContain('ping');
  });

  it('updates any field, but not nothing', () => {
    expect(webhookUpdateSchema.parse({ isActive: false })).toEqual({ isActive: false });
    expect(webhookUpdateSchema.safeParse({}).error?.issues[0].message).toBe('Nothing to change');
  });

  it('rotates with an overlap of 24 hours unless told otherwise', () => {
    expect(rotateSecretSchema.parse({})).toEqual({ overlapHours: 24 });
    expect(rotateSecretSchema.parse({ overlapHours: 0 })).toEqual({ overlapHours: 0 });
    expect(rotateSecretSchema.safeParse({ overlapHours: 5 }).success).toBe(false);
  });
});
