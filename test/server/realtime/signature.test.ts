import Pusher from 'pusher';
import { canonicalQuery, verifySignedRequest } from '../../../server/realtime/http-request-auth';
import { authorizeChannel, md5Hex, signChannel, verifyChannelAuth } from '../../../server/realtime/signature';

const pusherDocsApp = { id: '3', key: '278d425bdf160c739803', secret: '7ad3773142a6692b25b8' };

describe('channel signatures', () => {
  it('matches the private-channel vector from the Pusher protocol docs', () => {
    expect(signChannel(pusherDocsApp.secret, '1234.1234', 'private-foobar')).toBe(
      '58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4',
    );
    expect(authorizeChannel(pusherDocsApp, '1234.1234', 'private-foobar')).toEqual({
      auth: '278d425bdf160c739803:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4',
    });
  });

  it('signs presence channels exactly like the official pusher SDK, which backends use to authorize', () => {
    const member = { user_id: '10', user_info: { name: 'Mr. Channels' } };
    const { id: appId, key, secret } = pusherDocsApp;
    const official = new Pusher({ appId, key, secret, host: '127.0.0.1' }).authorizeChannel(
      '1234.1234',
      'presence-foobar',
      member,
    );
    expect(authorizeChannel(pusherDocsApp, '1234.1234', 'presence-foobar', JSON.stringify(member))).toEqual(official);
  });

  it('accepts the right auth string and refuses tampered ones', () => {
    const { auth } = authorizeChannel(pusherDocsApp, '1.2', 'private-a');
    expect(verifyChannelAuth(pusherDocsApp, '1.2', 'private-a', auth)).toBe(true);
    expect(verifyChannelAuth(pusherDocsApp, '1.3', 'private-a', auth)).toBe(false);
    expect(verifyChannelAuth(pusherDocsApp, '1.2', 'private-b', auth)).toBe(false);
    expect(verifyChannelAuth(pusherDocsApp, '1.2', 'private-a', auth.replace(pusherDocsApp.key, 'other-key'))).toBe(false);
    expect(verifyChannelAuth(pusherDocsApp, '1.2', 'private-a', auth.slice(0, -1))).toBe(false);
    expect(verifyChannelAuth(pusherDocsApp, '1.2', 'private-a', undefined)).toBe(false);
  });

  it('binds presence identity to the signature so a client cannot swap user_id', () => {
    const { auth } = authorizeChannel(pusherDocsApp, '1.2', 'presence-a', '{"user_id":"1"}');
    expect(verifyChannelAuth(pusherDocsApp, '1.2', 'presence-a', auth, '{"user_id":"1"}')).toBe(true);
    expect(verifyChannelAuth(pusherDocsApp, '1.2', 'presence-a', auth, '{"user_id":"2"}')).toBe(false);
  });
});

describe('HTTP API request signatures', () => {
  it('follows the worked example of the Pusher HTTP API reference', () => {
    const body = '{"name":"foo","channels":["project-3"],"data":"{\\"some\\":\\"data\\"}"}';
    const query = new URLSearchParams({
      auth_key: pusherDocsApp.key,
      auth_timestamp: '1353088179',
      auth_version: '1.0',
      body_md5: 'ec365a775a4cd0599faeb73354201b6f',
      auth_signature: 'da454824c97ba181a32ccc17a72625ba02771f50b50e1e7430e47a1f3f457e6c',
    });
    expect(md5Hex(body)).toBe('ec365a775a4cd0599faeb73354201b6f');
    const request = { method: 'POST', paths: ['/apps/3/events'], query, body, nowSec: 1353088179 };
    expect(verifySignedRequest(pusherDocsApp, request)).toBeUndefined();
    expect(verifySignedRequest(pusherDocsApp, { ...request, nowSec: 1353088179 + 601 })).toBe('Timestamp expired');
    expect(verifySignedRequest(pusherDocsApp, { ...request, body: body.replace('foo', 'bar') })).toBe(
      'body_md5 does not match the body',
    );
    expect(verifySignedRequest(pusherDocsApp, { ...request, paths: ['/apps/4/events'] })).toBe('Invalid signature');
  });

  it('signs keys in sorted order without auth_signature', () => {
    expect(canonicalQuery(new URLSearchParams('b=2&auth_signature=x&A=1&info=user_count,subscription_count'))).toBe(
      'a=1&b=2&info=user_count,subscription_count',
    );
  });
});
