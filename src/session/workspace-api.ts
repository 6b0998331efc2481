import type { WorkspaceResource } from '../../shared/api/workspace';
import { api } from '../services/api';

/**
 * What the person owns and takes part in, for the user menu. It is fetched again when a
 * business is created or deleted (the catalogue invalidates `Business/MINE`), when an ad is
 * posted or removed (`Ad/LIST`) and when the person joins the olympiad (`Participant`).
 */
export const workspaceApi = api.injectEndpoints({
  endpoints: (build) => ({
    workspace: build.query<WorkspaceResource, void>({
      query: () => '/me/workspace',
      transformResponse: (response: { data: WorkspaceResource }) => response.data,
      providesTags: [{ type: 'Business', id: 'MINE' }, { type: 'Ad', id: 'LIST' }, 'Participant'],
    }),
  }),
});

export const { useWorkspaceQuery } = workspaceApi;
