import { ApiErrorText } from '../../../components/api-error-text';
import { PageLoading } from '../../../components/page-loading';
import { ContentPage } from '../content/content-page';

import { StageCountdown } from './stage-countdown';
import { StageList } from './stage-list';
import { useStagesQuery } from '../../../olympiad/stages-api';

export default function OlympiadStagesPage() {
  const { data, error, isLoading } = useStagesQuery();
  return (
    <ContentPage contentKey="stages">
      {isLoading ? (
        <PageLoading />
      ) : data ? (
        <>
          <StageCountdown stages={data.data} />
          <StageList stages={data.data} editable={data.editable} />
        </>
      ) : (
        <ApiErrorText error={error} />
      )}
    </ContentPage>
  );
}
