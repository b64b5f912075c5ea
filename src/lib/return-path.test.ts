import { describe, expect, it } from 'vitest';
import { consoleReturnPath } from './return-path';

describe('consoleReturnPath', () => {
  it.each([
    ['/home/detail/page?vehicleId=v-7', '/home/detail/page?vehicleId=v-7'],
    ['/vehicles/list?fleetId=fleet-1&sort=-sn&pageNum=2', '/vehicles/list?fleetId=fleet-1&sort=-sn&pageNum=2'],
    ['/home/alarm/page?alarmId=12#peak', '/home/alarm/page?alarmId=12#peak'],
    ['/vehicles/../home', '/home'],
  ])('keeps the console page %s', (candidate, expected) => {
    expect(consoleReturnPath(candidate)).toBe(expected);
  });

  it.each([
    ['a protocol-relative URL', '//evil.example'],
    ['a protocol-relative URL with a path', '//evil.example/home'],
    ['a backslash read as a slash', '/\\evil.example'],
    ['a tab the browser drops', '/\t/evil.example'],
    ['a newline the browser drops', '/\n/evil.example'],
    ['an absolute URL', 'https://evil.example/home'],
    ['a script URL', 'javascript:alert(1)'],
    ['a relative path', 'home'],
    ['an empty string', ''],
    ['the default page, which needs no remembering', '/'],
    ['the sign-in page', '/login'],
    ['the register page', '/register?x=1'],
    ['a share link', '/share?tk=abc'],
    ['the shared vehicle of a guest', '/share/detail/page'],
    ['the 404 page', '/404'],
  ])('refuses %s', (_, candidate) => {
    expect(consoleReturnPath(candidate)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(consoleReturnPath(null)).toBeNull();
    expect(consoleReturnPath({ path: '/home' })).toBeNull();
  });
});
