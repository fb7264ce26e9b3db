import { describe, expect, it } from 'vitest';
import { withViewerHints, withWebSettings } from './web-settings.ts';

describe('withWebSettings', () => {
  it("writes the token prefix and the upload limit into the page's head, escaped", () => {
    const html = withWebSettings('<html><head><title>x</title></head><body></body></html>', {
      patPrefix: 'a"b-',
      maxAttachmentSizeMb: 256,
    });
    expect(html).toContain(
      '<meta name="milepost-settings" content="{&quot;patPrefix&quot;:&quot;a\\&quot;b-&quot;,&quot;maxAttachmentSize&quot;:268435456,&quot;passwordResetByEmail&quot;:false,&quot;signupEnabled&quot;:false,&quot;features&quot;:{&quot;subEpics&quot;:true,&quot;healthStatus&quot;:true,&quot;scopedLabels&quot;:true,&quot;multipleScopedLabels&quot;:false}}" />\n  </head>',
    );
  });
});

describe('withViewerHints', () => {
  it('writes the signed-in viewer’s first day of the week into the page’s head, and nothing for a visitor', () => {
    const html = '<html><head><title>x</title></head><body></body></html>';
    expect(withViewerHints(html, { firstDayOfWeek: 1 })).toContain(
      '<meta name="milepost-viewer" content="{&quot;firstDayOfWeek&quot;:1}" />\n  </head>',
    );
    expect(withViewerHints(html, null)).toBe(html);
  });
});
