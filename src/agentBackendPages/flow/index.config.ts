export default definePageConfig({ navigationBarTitleText: '店铺流量', navigationStyle: 'custom' })
