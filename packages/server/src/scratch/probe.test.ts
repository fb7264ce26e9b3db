import { it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

it('probe', async () => {
  const t = await createTestApp();
  const g = await t.buildGroup({ visibility: 'private' });
  const s = await t.buildGroup({ parent: g, visibility: 'private' });
  const p = await t.buildProject({ group: s, visibility: 'private' });
  const rows = await t.database.pool.query(
    'SELECT m.source_type, m.source_id, u.username, m.access_level FROM members m JOIN users u ON u.id = m.user_id',
  );
  console.log(g.id, s.id, p.project.id, rows.rows);
});
