import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_JSON_RPC_BATCH, validateJsonRpcBody } from '../../coordinator/api/json-rpc.js';

const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64');
const req = (id: unknown, extra: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'getSlot',
  ...extra,
});

describe('validateJsonRpcBody', () => {
  it('accepts single requests with every id kind and with or without params', () => {
    assert.equal(validateJsonRpcBody(b64(req(1))), null);
    assert.equal(validateJsonRpcBody(b64(req('a', { params: [] }))), null);
    assert.equal(validateJsonRpcBody(b64(req(null, { params: { commitment: 'finalized' } }))), null);
    const balance = req(7, {
      method: 'getBalance',
      params: ['83astBRguLMdt2h5U1Tpdq5tjFoJ6noeGwaY3mDLVcri'],
    });
    assert.equal(validateJsonRpcBody(b64(balance)), null);
  });

  it('accepts URL-safe base64 and missing padding', () => {
    const std = b64(req('ü?>'));
    assert.equal(validateJsonRpcBody(std.replace(/=+$/, '')), null);
    assert.equal(validateJsonRpcBody(std.replaceAll('+', '-').replaceAll('/', '_')), null);
  });

  it('accepts batches up to the limit', () => {
    const batch = Array.from({ length: MAX_JSON_RPC_BATCH }, (_, i) => req(i));
    assert.equal(validateJsonRpcBody(b64(batch)), null);
    assert.equal(validateJsonRpcBody(b64([req(1)])), null);
  });

  const rejected: Array<[string, string | undefined, RegExp]> = [
    ['missing', undefined, /missing/],
    ['empty string', '', /missing/],
    ['not base64', '%%%not base64%%%', /not base64/],
    ['not JSON', Buffer.from('{"jsonrpc":').toString('base64'), /not UTF-8 JSON/],
    ['invalid UTF-8', Buffer.from([0x22, 0xff, 0x22]).toString('base64'), /not UTF-8 JSON/],
    ['a JSON string', b64('getSlot'), /not an object/],
    ['null', b64(null), /not an object/],
    ['wrong version', b64({ jsonrpc: '1.0', id: 1, method: 'getSlot' }), /jsonrpc must be "2.0"/],
    ['no version', b64({ id: 1, method: 'getSlot' }), /jsonrpc must be "2.0"/],
    ['numeric method', b64(req(1, { method: 5 })), /method must be a non-empty string/],
    ['empty method', b64(req(1, { method: '' })), /method must be a non-empty string/],
    ['string params', b64(req(1, { params: 'x' })), /params must be an array or an object/],
    ['null params', b64(req(1, { params: null })), /params must be an array or an object/],
    ['no id (notification)', b64({ jsonrpc: '2.0', method: 'getSlot' }), /id is required/],
    ['object id', b64(req({ a: 1 })), /id must be a string, a number or null/],
    ['boolean id', b64(req(true)), /id must be a string, a number or null/],
    ['empty batch', b64([]), /batch is empty/],
    ['batch too large', b64(Array.from({ length: MAX_JSON_RPC_BATCH + 1 }, (_, i) => req(i))), /at most 100/],
    ['bad batch item', b64([req(1), { jsonrpc: '2.0', id: 2 }]), /batch item 1: method/],
  ];
  for (const [name, body, pattern] of rejected) {
    it(`rejects ${name} with a reason naming body`, () => {
      const reason = validateJsonRpcBody(body);
      assert.ok(reason, 'expected a reason');
      assert.match(reason, /^body must be base64 of a JSON-RPC 2\.0 request or batch/);
      assert.match(reason, pattern);
    });
  }
});
