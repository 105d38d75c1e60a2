import { describe, expect, it } from 'vitest';
import { html, raw } from './html.ts';

describe('html', () => {
  it('escapes interpolated text and keeps nested html and raw markup', () => {
    const name = `<script>alert("x")</script> & 'co'`;
    const item = html`<li>${name}</li>`;
    expect(html`<ul>${[item, item]}</ul>${raw('<hr>')}${null}${false}${0}`.value).toBe(
      `<ul>${'<li>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</li>'.repeat(2)}</ul><hr>0`,
    );
  });
});
