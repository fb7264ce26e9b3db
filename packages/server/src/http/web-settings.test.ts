import { describe, expect, it } from 'vitest';
import { withWebSettings } from './web-settings.ts';

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
