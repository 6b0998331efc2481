import { useEffect } from 'react';
import { useAppDispatch } from '../session/hooks';
import { channelUnwatched, channelWatched } from './extra-channels';

/** Keeps `channel` joined on the browser's one socket while the calling screen is mounted (null: none). */
export function useWatchedChannel(channel: string | null) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!channel) return undefined;
    dispatch(channelWatched({ channel }));
    return () => {
      dispatch(channelUnwatched({ channel }));
    };
  }, [channel, dispatch]);
}
