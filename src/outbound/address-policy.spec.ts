import { describe, expect, it } from '@jest/globals';
import { classifyAddress, isLoopback } from './address-policy.js';

// A pure function: nothing here resolves a name or opens a connection.
describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.255.255.254', 'a loopback address'],
    ['::1', 'a loopback address'],
    ['10.0.0.1', 'a private network address'],
    ['172.16.5.4', 'a private network address'],
    ['172.31.255.255', 'a private network address'],
    ['192.168.1.1', 'a private network address'],
    ['169.254.1.1', 'a link-local address'],
    ['fe80::1', 'a link-local address'],
    ['100.64.0.1', 'a carrier-grade NAT address'],
    ['fc00::1', 'a unique-local (private) IPv6 address'],
    ['fd12:3456::1', 'a unique-local (private) IPv6 address'],
    ['224.0.0.251', 'a multicast address'],
    ['ff02::1', 'a multicast address'],
    ['0.0.0.0', 'the unspecified address'],
    ['::', 'the unspecified address'],
    ['255.255.255.255', 'the broadcast address'],
    ['240.0.0.1', 'a reserved address'],
    ['192.0.2.10', 'a reserved address'],
    ['2001:db8::1', 'a reserved address'],
    ['64:ff9b::7f00:1', 'a NAT64 address'],
    ['2002:7f00:1::1', 'a 6to4 address'],
    ['2001:0:4136:e378::1', 'a Teredo address'],
  ])('refuses %s as %s', (address, reason) => {
    expect(classifyAddress(address)).toEqual({ allowed: false, address: expect.any(String), reason });
  });

  it.each([
    ['169.254.169.254', 'AWS, GCP and Azure instance metadata'],
    ['fd00:ec2::254', 'AWS instance metadata over IPv6'],
    ['fd00:ec2:0:0:0:0:0:254', 'the same, written out'],
    ['168.63.129.16', "Azure's platform endpoint, a public unicast address"],
    ['100.100.100.200', 'Alibaba Cloud metadata'],
    ['169.254.170.2', 'the ECS task metadata endpoint'],
  ])('refuses the cloud metadata endpoint %s (%s)', (address) => {
    expect(classifyAddress(address)).toMatchObject({ allowed: false, reason: 'a cloud metadata endpoint' });
  });

  it.each([
    ['::ffff:127.0.0.1', '127.0.0.1', 'a loopback address'],
    ['::ffff:7f00:1', '127.0.0.1', 'a loopback address'],
    ['::ffff:10.0.0.1', '10.0.0.1', 'a private network address'],
    ['::ffff:169.254.169.254', '169.254.169.254', 'a cloud metadata endpoint'],
    ['[::ffff:192.168.0.1]', '192.168.0.1', 'a private network address'],
  ])('judges the IPv4-mapped IPv6 address %s as the IPv4 address it maps', (address, mapped, reason) => {
    expect(classifyAddress(address)).toEqual({ allowed: false, address: mapped, reason });
  });

  // RFC 4291 2.5.5.1, deprecated: refused whatever it carries, like the other tunnel forms (address-policy.ts says why).
  it.each([
    ['::127.0.0.1', '::7f00:1'],
    ['[::127.0.0.1]', '::7f00:1'],
    ['::7f00:1', '::7f00:1'],
    ['0:0:0:0:0:0:127.0.0.1', '::7f00:1'],
    ['::10.0.0.1', '::a00:1'],
    ['::169.254.169.254', '::a9fe:a9fe'],
    ['::8.8.8.8', '::808:808'],
    ['::2', '::2'],
  ])('refuses the IPv4-compatible IPv6 address %s outright', (address, normalised) => {
    expect(classifyAddress(address)).toEqual({ allowed: false, address: normalised, reason: 'an IPv4-compatible IPv6 address' });
  });

  it.each(['127.1', '0x7f.0.0.1', '2130706433', '017700000001', '[::1]', 'fe80::1%eth0'])('refuses the loopback or link-local spelling %s', (address) => {
    expect(classifyAddress(address).allowed).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2a00:1450:4001:80b::200e'])(
    'allows the public unicast address %s',
    (address) => {
      expect(classifyAddress(address)).toMatchObject({ allowed: true });
    },
  );

  it('refuses what is not an address at all', () => {
    expect(classifyAddress('example.com')).toEqual({ allowed: false, address: 'example.com', reason: 'not an IP address' });
  });
});

describe('isLoopback', () => {
  it('knows loopback in both families and nothing else', () => {
    expect([isLoopback('127.0.0.1'), isLoopback('::1'), isLoopback('[::1]'), isLoopback('::ffff:127.0.0.1')]).toEqual([true, true, true, true]);
    expect([isLoopback('10.0.0.1'), isLoopback('8.8.8.8'), isLoopback('localhost')]).toEqual([false, false, false]);
  });

  it('does not take an IPv4-compatible address for the loopback address it carries', () => {
    expect([isLoopback('::127.0.0.1'), isLoopback('[::127.0.0.1]'), isLoopback('::7f00:1')]).toEqual([false, false, false]);
  });
});
