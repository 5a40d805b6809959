import { describe, expect, it } from 'vitest';
import { callerIp } from '../../src/lib/caller';

/**
 * The IP that per-IP rate limits count: the hop Google's front end appended to X-Forwarded-For,
 * normalised; never what the client wrote (lib/client-ip.ts).
 */
const behindFrontEnd = (forwardedFor: string | string[], ip?: string) => ({
  rawRequest: { ip, headers: { 'x-forwarded-for': forwardedFor } },
});

describe('callerIp', () => {
  it("takes the front end's hop, not the entries the client wrote before it", () => {
    // Express's req.ip is the leftmost entry, the client's own.
    expect(callerIp(behindFrontEnd('192.0.2.66, 203.0.113.7', '192.0.2.66'))).toBe('203.0.113.7');
    expect(callerIp(behindFrontEnd(' 1.1.1.1 ,2.2.2.2,  203.0.113.7 ', '1.1.1.1'))).toBe(
      '203.0.113.7',
    );
    // A repeated header: the last value is the last hop.
    expect(callerIp(behindFrontEnd(['192.0.2.66', '203.0.113.7'], '192.0.2.66'))).toBe(
      '203.0.113.7',
    );
    // Only the front end's own entry.
    expect(callerIp(behindFrontEnd('203.0.113.7', '203.0.113.7'))).toBe('203.0.113.7');
  });

  it('gives one caller one key, whatever the client puts in front', () => {
    const keys = new Set(
      ['10.0.0.1', '192.0.2.1, 10.0.0.2', 'garbage', '::1, x, y'].map((spoofed) =>
        callerIp(behindFrontEnd(`${spoofed}, 203.0.113.7`, spoofed.split(',')[0])),
      ),
    );
    expect([...keys]).toEqual(['203.0.113.7']);
  });

  it('uses the socket address without the header (the emulator, the tests)', () => {
    expect(callerIp({ rawRequest: { ip: '198.51.100.4' } })).toBe('198.51.100.4');
    expect(callerIp({ rawRequest: { ip: '198.51.100.4', headers: {} } })).toBe('198.51.100.4');
    expect(
      callerIp({ rawRequest: { ip: '198.51.100.4', headers: { 'x-forwarded-for': '' } } }),
    ).toBe('198.51.100.4');
    expect(callerIp({})).toBe('unknown');
    expect(callerIp({ rawRequest: {} })).toBe('unknown');
  });

  it('normalises: IPv4-mapped IPv6 as IPv4, IPv6 as its /64, ports and zones dropped', () => {
    const ip = (value: string) => callerIp({ rawRequest: { ip: value } });
    expect(ip('::ffff:198.51.100.4')).toBe('198.51.100.4');
    expect(ip('::FFFF:c633:6404')).toBe('198.51.100.4');
    expect(ip('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3:8d3::/64');
    // Every address of one /64 is one caller; the next /64 is another.
    expect(ip('2001:DB8:85A3:08D3::1')).toBe('2001:db8:85a3:8d3::/64');
    expect(ip('2001:db8:85a3:8d3:ffff:ffff:ffff:ffff')).toBe('2001:db8:85a3:8d3::/64');
    expect(ip('2001:db8:85a3:8d4::1')).toBe('2001:db8:85a3:8d4::/64');
    expect(ip('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ip('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(ip('[2001:db8::1]:443')).toBe('2001:db8:0:0::/64');
    expect(ip(' 198.51.100.4:8080 ')).toBe('198.51.100.4');
    expect(ip('::1')).toBe('0:0:0:0::/64');
    for (const junk of ['', 'not-an-ip', '999.1.1.1', '1.2.3', '2001:db8::1::2']) {
      expect(ip(junk), junk).toBe('unknown');
    }
  });
});
