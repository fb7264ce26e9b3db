import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  // The server's schema plus client-only fields (`*.client.graphqls`: local state read with `@client`).
  schema: [process.env.MILEPOST_SCHEMA ?? '../server/schema.graphql', 'src/**/*.client.graphqls'],
  documents: ['src/**/*.graphql'],
  ignoreNoDocuments: false,
  generates: {
    'src/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        scalars: { Time: 'string', Date: 'string', ISO8601Date: 'string', JSON: 'unknown' },
      },
    },
  },
};

export default config;
