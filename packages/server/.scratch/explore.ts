import { schema } from '../src/graphql/schema.ts';
import { lexicographicSortSchema, printSchema, isObjectType, isInterfaceType, isInputObjectType, isEnumType } from 'graphql';
import fs from 'node:fs';
const q = schema.getQueryType()!; const m = schema.getMutationType()!;
for (const f of [...Object.values(q.getFields()), ...Object.values(m.getFields())]) console.log(f.name, Object.keys(f.extensions), (f.extensions as any).ability, (f.extensions as any).public);
const printed = printSchema(lexicographicSortSchema(schema)) + '\n';
console.log('up to date', printed === fs.readFileSync('/work/main/packages/server/schema.graphql','utf8'));
for (const t of Object.values(schema.getTypeMap())) { if (t.name.startsWith('__')) continue; if (!t.description) console.log('nodesc type', t.name);
 if (isObjectType(t)||isInterfaceType(t)||isInputObjectType(t)) for (const f of Object.values(t.getFields())) { if(!f.description) console.log('nodesc field', t.name, f.name); if ('args' in f) for (const a of f.args) if(!a.description) console.log('nodesc arg', t.name, f.name, a.name);}
 if (isEnumType(t)) for (const v of t.getValues()) if(!v.description) console.log('nodesc enum', t.name, v.name);
}
