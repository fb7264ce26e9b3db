import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: process.env.MILEPOST_SCHEMA ?? '../server/schema.graphql',
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
