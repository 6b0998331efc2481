import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { ProductCategoryResource } from '../../../../shared/api/catalog-businesses';
import { categorySchema, categoryUpdateSchema } from '../../../../shared/validation/catalog-category';
import { FormField } from '../../../components/forms/form-field';
import { PageTitle } from '../../../components/page-title';
import { useDeleteCategoryMutation, useMyBusinessesQuery, useProductCategoryQuery, useSaveCategoryMutation } from '../catalog-api';
import { DeleteButton } from '../components/owner-actions';
import { CatalogForm, EditGate, editIdOf } from '../forms/catalog-form';
import { EnglishVersion } from '../forms/english-version';
import { ChoiceSelect } from '../forms/choice-fields';
import { clearDraft, toOptionalInteger } from '../forms/form-tools';
import '../catalog.css';

interface CategoryFormValues {
  business_id: string;
  name: string;
  name_en: string;
  position: string;
}

const toBody = (values: CategoryFormValues) => ({
  business_id: toOptionalInteger(values.business_id) ?? undefined,
  name: values.name,
  name_en: values.name_en,
  position: toOptionalInteger(values.position) ?? undefined,
});

/** `/create/category/product` and `/create/category/product/:id`: a shelf of my business. */
export default function CategoryFormPage() {
  const navigate = useNavigate();
  const editId = editIdOf(useParams().id);
  const [params] = useSearchParams();
  const businesses = useMyBusinessesQuery();
  const existing = useProductCategoryQuery(editId ?? 0, { skip: !editId });
  const [save] = useSaveCategoryMutation();
  const [remove, removal] = useDeleteCategoryMutation();
  const mine = businesses.data?.data ?? [];
  const category = existing.data;
  const draftKey = `catalog-draft:category:${editId ?? 'new'}`;
  const start: CategoryFormValues = category
    ? { business_id: String(category.business_id), name: category.name_ru, name_en: category.name_en ?? '', position: String(category.position) }
    : { business_id: params.get('business') ?? (mine.length === 1 ? String(mine[0].id) : ''), name: '', name_en: '', position: '0' };

  return (
    <EditGate
      loading={businesses.isLoading || existing.isLoading}
      editId={editId}
      item={category}
      error={existing.error}
      canEdit={Boolean(category && mine.some((business) => business.id === category.business_id))}
    >
      <PageTitle id={editId ? 'catalog.ui.edit' : 'catalog.ui.create.category'} />
      <CatalogForm<CategoryFormValues, ProductCategoryResource>
        draftKey={draftKey}
        initialValues={start}
        schema={editId ? categoryUpdateSchema : categorySchema}
        toBody={toBody}
        save={(body) => save({ id: editId, body })}
        onSaved={(saved) => navigate(`/stores/${saved.business_id}?category=${saved.id}`)}
        otherError={removal.error}
        actions={
          category && (
            <DeleteButton
              remove={() => remove(category.id)}
              busy={removal.isLoading}
              onDeleted={() => {
                clearDraft(draftKey);
                navigate(`/stores/${category.business_id}`);
              }}
            />
          )
        }
      >
        {() => (
          <>
            <ChoiceSelect name="business_id" labelId="catalog.ui.form.business" emptyId="catalog.ui.form.choose" choices={mine} locked={Boolean(editId)} />
            <FormField name="name" labelId="catalog.ui.form.name" />
            <FormField name="position" labelId="catalog.ui.form.position" inputMode="numeric" />
            <EnglishVersion names={['name_en']}>
              <FormField name="name_en" labelId="catalog.ui.form.nameEn" />
            </EnglishVersion>
          </>
        )}
      </CatalogForm>
    </EditGate>
  );
}
