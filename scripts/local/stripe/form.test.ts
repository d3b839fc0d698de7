// Stripe's bracketed form keys, as the SDK and other clients send them.
import { describe, expect, it } from 'vitest';
import { parseForm } from './form.ts';

const parse = (query: string) => parseForm(new URLSearchParams(query));

describe('parseForm', () => {
  it('nests bracketed keys into objects and indexed arrays, as the stripe SDK encodes them', () => {
    expect(parse('mode=payment&line_items[0][price_data][currency]=jpy&line_items[0][quantity]=1&line_items[1][quantity]=2&metadata[booking]=b1&expand[0]=payment_intent')).toEqual({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'jpy' }, quantity: '1' }, { quantity: '2' }],
      metadata: { booking: 'b1' },
      expand: ['payment_intent'],
    });
  });

  it('appends with empty brackets, filling one element until a key repeats', () => {
    expect(parse('expand[]=a&expand[]=b')).toEqual({ expand: ['a', 'b'] });
    expect(parse('line_items[][price]=p1&line_items[][quantity]=1&line_items[][price]=p2')).toEqual({ line_items: [{ price: 'p1', quantity: '1' }, { price: 'p2' }] });
  });
});
