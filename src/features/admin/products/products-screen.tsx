/**
 * /admin/products: the payment services with their products and categories, and the tax rates
 * (spec 02 §3), for staff who configure (member, admin). Saves go through the importer's checks on
 * the server; a tax rate is added from a later day only.
 */
import { useState } from 'react';
import { Alert, Anchor, NativeSelect, Stack, Title } from '@mantine/core';
import { Link, Navigate } from '@tanstack/react-router';
import { canDo } from '@core/rules/staff';
import { jaConsole } from '../../../messages/ja-console';
import { LoadingText } from '../../../ui/loading-text';
import { ConsoleFrame } from '../console-frame';
import { useStaffMe } from '../staff-queries';
import { ProductAddForm } from './product-add-form';
import { productsOf, useCatalogue } from './product-queries';
import { ProductTable } from './product-table';
import { ServiceJson } from './service-json';
import { TaxRates } from './tax-rates';

const t = jaConsole.products;

export function ProductsPage() {
  const me = useStaffMe();
  const allowed = Boolean(me.data && canDo(me.data.role, 'configure'));
  const catalogue = useCatalogue(allowed);
  const [chosen, setChosen] = useState<string | null>(null);
  if (me.isPending) return <LoadingText />;
  if (!me.data) return <Navigate to="/admin/sign-in" search={{ returnTo: '/admin/products' }} replace />;
  const data = catalogue.data;
  const services = data?.services ?? [];
  const service = services.find((s) => s['serviceId'] === chosen) ?? services[0];
  return (
    <ConsoleFrame me={me.data}>
      <Stack gap="md">
        <Anchor component={Link} to="/admin" size="sm">
          {t.back}
        </Anchor>
        <Title order={1} size="h3">
          {t.heading}
        </Title>
        {!allowed ? <Alert color="gray">{t.notAllowed}</Alert> : null}
        {catalogue.error ? <Alert color="red">{catalogue.error.message}</Alert> : null}
        {allowed && !data && !catalogue.error ? <LoadingText /> : null}
        {data && !service ? <Alert color="gray">{t.none}</Alert> : null}
        {service ? (
          <>
            <NativeSelect
              label={t.service}
              data={services.map((s) => ({ value: String(s['serviceId']), label: `${String(s['serviceName'])}（${String(s['serviceId'])}）` }))}
              value={String(service['serviceId'])}
              onChange={(e) => setChosen(e.currentTarget.value)}
              w={360}
            />
            <Title order={2} size="h4">
              {t.list}
            </Title>
            <ProductTable products={productsOf(service)} />
            <ProductAddForm service={service} />
            <ServiceJson service={service} />
          </>
        ) : null}
        {data ? (
          <>
            <Title order={2} size="h4">
              {t.tax}
            </Title>
            <TaxRates setting={data.taxSetting} today={data.today} />
          </>
        ) : null}
      </Stack>
    </ConsoleFrame>
  );
}
