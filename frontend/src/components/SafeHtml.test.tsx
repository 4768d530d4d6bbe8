import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { loadSanitiser, SafeHtml } from './SafeHtml';

afterEach(cleanup);

describe('SafeHtml', () => {
  it('strips scripts, event handlers and javascript: links', async () => {
    const html =
      '<p>Hello <b>there</b></p><script>window.pwned = 1</script>' +
      '<img src="/x.png" onerror="window.pwned = 2" alt="x">' +
      '<a href="javascript:alert(1)">bad</a><a href="https://example.com/x" onclick="evil()">good</a>' +
      '<iframe src="https://evil.example"></iframe><svg><script>1</script></svg>';
    render(<SafeHtml html={html} testId="body" />);
    const body = screen.getByTestId('body');
    await waitFor(() => expect(body.innerHTML).toContain('<b>there</b>'));
    expect(body.querySelector('script')).toBeNull();
    expect(body.querySelector('iframe')).toBeNull();
    expect(body.querySelector('svg')).toBeNull();
    expect(body.innerHTML).not.toMatch(/onerror|onclick|javascript:/i);
    const image = body.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/x.png');
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
    const links = [...body.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([null, 'https://example.com/x']);
  });

  it('opens every link in a new tab without giving it the opener', async () => {
    const sanitise = await loadSanitiser();
    const out = document.createElement('div');
    out.innerHTML = sanitise('<a href="/promotions" target="_self">in</a><a href="https://x.example">out</a>');
    for (const link of out.querySelectorAll('a')) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('renders nothing of the HTML before the sanitiser is there, then the sanitised HTML', async () => {
    vi.resetModules();
    const fresh = await import('./SafeHtml');
    const { container } = render(<fresh.SafeHtml html="<p>plain</p><script>1</script>" />);
    expect(container.textContent).toBe('');
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    await waitFor(() => expect(container.textContent).toBe('plain'));
    expect(container.querySelector('script')).toBeNull();
  });
});
