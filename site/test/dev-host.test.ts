// The dev server's diagnostics endpoint answers only the hosts Vite itself serves (issue 24: DNS rebinding)
import { describe, expect, it } from "vitest";
import { hostAllowed } from "../src/lib/dev.ts";

describe("hostAllowed", () => {
  it("takes loopback names and IP addresses, as Vite does", () => {
    for (const host of ["localhost:4321", "app.localhost", "127.0.0.1:4321", "[::1]:4321", "192.168.1.5"])
      expect(hostAllowed(host, []), host).toBe(true);
  });

  it("refuses another name (a DNS-rebinding page's), a missing host and a bad IPv6 literal", () => {
    for (const host of ["rebind.example:4321", "localhost.example", undefined, "", "[::1", "[evil]:80"])
      expect(hostAllowed(host, []), String(host)).toBe(false);
  });

  it("takes the configured names: exact, or a domain and its subdomains, or every host", () => {
    expect(hostAllowed("rules.example.org", ["rules.example.org"])).toBe(true);
    expect(hostAllowed("a.example.org:80", [".example.org"])).toBe(true);
    expect(hostAllowed("example.org", [".example.org"])).toBe(true);
    expect(hostAllowed("notexample.org", [".example.org"])).toBe(false);
    expect(hostAllowed("anything", true)).toBe(true);
  });
});
