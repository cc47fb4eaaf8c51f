import type { backOfficeClient } from './staff.ts';

// An owner publishes, schedules or sends only the version their screen loaded: these read it as the
// back office's screens do, for the body of the owner's act.

type Client = ReturnType<typeof backOfficeClient>;

/** The article's version as its editor loads it: `{ updatedAt }`. */
export const articleSeen = async (client: Client, id: number) => ({
  updatedAt: (await client.json(`/articles/${id}`)).updatedAt as string,
});

/** The pending revision's version as the owner's review loads it: `{ writtenAt }`. */
export const revisionSeen = async (client: Client, id: number) => ({
  writtenAt: (await client.json(`/articles/${id}`)).revision?.writtenAt as string,
});

/** The versions the article editor sends with every save: the article's and its pending revision's. */
export const articleAndRevisionSeen = async (client: Client, id: number) => {
  const article = await client.json(`/articles/${id}`);
  return { updatedAt: article.updatedAt as string, revisionWrittenAt: article.revision?.writtenAt ?? null };
};

/** The campaign's version as the newsletter screen loads it: `{ updatedAt }`. */
export const campaignSeen = async (client: Client, id: number) => ({
  updatedAt: (await client.json(`/campaigns/${id}`)).updatedAt as string,
});

/** Publishes the article as it is now, as an owner who has just opened it. */
export const publishAsSeen = async (client: Client, id: number) =>
  client.send(`/articles/${id}/publish`, await articleSeen(client, id));
