// GraphQL types, queries and mutations of the awards domain.
export {};
