import { describe, expect, it } from 'vitest';
import { resolveArea } from './areas';
import { extractCustomerInfo } from './extract';

describe('extractCustomerInfo', () => {
  it('reads name, mobile and a municipality address', () => {
    expect(extractCustomerInfo('张三 13800138000 上海市浦东新区张江路88号')).toMatchObject({
      name: '张三',
      phone: '13800138000',
      provinceCode: '31',
      cityCode: '3101',
      districtCode: '310115',
      district: '浦东新区',
      detail: '张江路88号',
    });
  });

  it('reads labelled text with a landline and a province address', () => {
    const r = extractCustomerInfo('收货人：李四，电话：0571-88886666，地址：浙江省杭州市西湖区文三路100号');
    expect(r).toMatchObject({ name: '李四', phone: '0571-88886666', provinceCode: '33', cityCode: '3301', districtCode: '330106', detail: '文三路100号' });
  });

  it('reads text without separators and short place names', () => {
    const r = extractCustomerInfo('王五138-1234-5678广东深圳南山区科技园南区1栋');
    expect(r).toMatchObject({ name: '王五', phone: '13812345678', province: '广东省', city: '深圳市', district: '南山区', detail: '科技园南区1栋' });
  });

  it('infers province and city from a city name alone', () => {
    const r = extractCustomerInfo('苏州市工业园区星湖街328号 赵六 13911112222');
    expect(r).toMatchObject({ name: '赵六', phone: '13911112222', provinceCode: '32', cityCode: '3205' });
  });

  it('answers nulls for what it cannot find', () => {
    expect(extractCustomerInfo('随便写点什么')).toMatchObject({ phone: null, provinceCode: null, detail: null });
  });

  it('extracted codes resolve as /area/list gives them', () => {
    const r = extractCustomerInfo('北京市海淀区中关村大街1号 钱七 13700001111');
    expect(resolveArea(r.provinceCode, r.cityCode, r.districtCode)).toMatchObject({ province: '北京市', district: '海淀区' });
  });
});
